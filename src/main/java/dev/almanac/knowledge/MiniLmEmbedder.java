package dev.almanac.knowledge;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * all-MiniLM-L6-v2 (quantized), run in process through LangChain4j and ONNX Runtime. The model ships
 * inside its Maven artifact: nothing is downloaded. Loaded once per process; vectors are memoised.
 */
public final class MiniLmEmbedder implements Embedder {
    private static volatile MiniLmEmbedder instance;

    private final EmbeddingModel model = new AllMiniLmL6V2QuantizedEmbeddingModel();
    private final Map<String, float[]> cache = new ConcurrentHashMap<>();

    private MiniLmEmbedder() {}

    public static MiniLmEmbedder get() {
        MiniLmEmbedder e = instance;
        if (e == null) {
            synchronized (MiniLmEmbedder.class) {
                if (instance == null) instance = new MiniLmEmbedder();
                e = instance;
            }
        }
        return e;
    }

    @Override
    public float[] embed(String text) {
        return cache.computeIfAbsent(text, t -> normalise(model.embed(t.isBlank() ? "empty" : t).content().vector()));
    }

    private static float[] normalise(float[] v) {
        double norm = 0;
        for (float x : v) norm += x * x;
        norm = Math.sqrt(norm);
        if (norm == 0) return v;
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) out[i] = (float) (v[i] / norm);
        return out;
    }
}
