package dev.almanac.knowledge;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * all-MiniLM-L6-v2 (quantized), run in process through LangChain4j and ONNX Runtime. The model ships
 * inside its Maven artifact: nothing is downloaded. Loaded once per process, on the first vector it has to compute
 * (an {@link EmbeddingCache} in front of it answers the texts it has seen in earlier runs); vectors are memoised.
 */
public final class MiniLmEmbedder implements Embedder {
    private static volatile MiniLmEmbedder instance;

    /** The model's name in cache files: a new model means new vectors. */
    public static final String ID = "all-minilm-l6-v2-q";

    private volatile EmbeddingModel model;
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
        return cache.computeIfAbsent(text, t -> normalise(model().embed(t.isBlank() ? "empty" : t).content().vector()));
    }

    private EmbeddingModel model() {
        EmbeddingModel m = model;
        if (m == null) {
            synchronized (this) {
                if (model == null) {
                    dev.almanac.Timing.phase("before embedding model");
                    model = new AllMiniLmL6V2QuantizedEmbeddingModel();
                    dev.almanac.Timing.phase("embedding model load");
                }
                m = model;
            }
        }
        return m;
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
