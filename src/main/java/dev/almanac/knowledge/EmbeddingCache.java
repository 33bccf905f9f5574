package dev.almanac.knowledge;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Vectors kept across runs, keyed by the text, in a file per model ({@code embeddings-<model>.bin} next to the catalog
 * cache): computed once, read at every start, and only a text never seen before makes the model load. The file is a
 * sequence of records (text length, UTF-8 text, dimensions, floats) appended under a file lock, so that processes sharing
 * it add to it safely; a record cut short by a crash is dropped when the file is next read.
 */
public final class EmbeddingCache implements Embedder {
    private final Path file;
    private final Embedder model;
    private final Map<String, float[]> vectors = new ConcurrentHashMap<>();

    /** @param model computes what the file does not hold (its loading is left to it: lazily, on the first miss) */
    public EmbeddingCache(Path file, Embedder model) {
        this.file = file;
        this.model = model;
        read();
    }

    @Override
    public float[] embed(String text) {
        float[] known = vectors.get(text);
        if (known != null) return known;
        float[] computed = model.embed(text);
        if (vectors.putIfAbsent(text, computed) == null) append(text, computed);
        return computed;
    }

    /** How many vectors are known. */
    public int size() {
        return vectors.size();
    }

    private void read() {
        if (!Files.isRegularFile(file)) return;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
             FileLock ignored = channel.lock()) {
            ByteBuffer all = ByteBuffer.allocate((int) Math.min(channel.size(), Integer.MAX_VALUE - 8));
            while (all.hasRemaining() && channel.read(all) > 0) {
                // read the whole file
            }
            all.flip();
            int good = 0;
            while (all.remaining() >= 4) {
                int textBytes = all.getInt();
                if (textBytes < 0 || all.remaining() < textBytes + 4) break;
                byte[] text = new byte[textBytes];
                all.get(text);
                int dims = all.getInt();
                if (dims < 0 || all.remaining() < dims * 4) break;
                float[] v = new float[dims];
                all.asFloatBuffer().get(v);
                all.position(all.position() + dims * 4);
                vectors.put(new String(text, StandardCharsets.UTF_8), v);
                good = all.position();
            }
            if (good < channel.size()) channel.truncate(good); // a record cut short by a crash
        } catch (IOException | RuntimeException e) {
            vectors.clear(); // an unreadable cache is only a slower start: it is computed again
        }
    }

    private synchronized void append(String text, float[] v) {
        try {
            Files.createDirectories(file.getParent());
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(8 + text.length() + v.length * 4);
            DataOutputStream out = new DataOutputStream(bytes);
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            out.writeInt(utf8.length);
            out.write(utf8);
            out.writeInt(v.length);
            for (float x : v) out.writeFloat(x);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                 FileLock ignored = channel.lock()) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes.toByteArray());
                while (buffer.hasRemaining()) channel.write(buffer);
            }
        } catch (IOException e) {
            // not kept: computed again next time
        }
    }
}
