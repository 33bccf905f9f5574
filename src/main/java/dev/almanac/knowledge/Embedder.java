package dev.almanac.knowledge;

/** Sentence embeddings computed in process: unit-length vectors whose dot product is the cosine similarity. */
@FunctionalInterface
public interface Embedder {
    float[] embed(String text);

    static double cosine(float[] a, float[] b) {
        double dot = 0;
        for (int i = 0; i < a.length; i++) dot += a[i] * b[i];
        return dot;
    }
}
