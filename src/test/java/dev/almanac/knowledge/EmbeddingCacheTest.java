package dev.almanac.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Vectors kept across runs: read back as computed, computed once, shared by writers, and a record cut short is dropped. */
class EmbeddingCacheTest {
    @TempDir
    Path dir;

    /** The real model, counting the texts it is asked for. */
    static final class Counting implements Embedder {
        final List<String> asked = new ArrayList<>();

        @Override
        public float[] embed(String text) {
            asked.add(text);
            return MiniLmEmbedder.get().embed(text);
        }
    }

    @Test
    void vectors_are_computed_once_and_read_back_by_the_next_run_as_computed() {
        Path file = dir.resolve("embeddings-test.bin");
        Counting model = new Counting();
        EmbeddingCache first = new EmbeddingCache(file, model);
        float[] refunds = first.embed("refunds issued last quarter");
        float[] churn = first.embed("customers who churned");
        first.embed("refunds issued last quarter");
        assertThat(model.asked).containsExactly("refunds issued last quarter", "customers who churned");

        Counting later = new Counting();
        EmbeddingCache next = new EmbeddingCache(file, later);
        assertThat(next.size()).isEqualTo(2);
        assertThat(next.embed("refunds issued last quarter")).containsExactly(refunds);
        assertThat(next.embed("customers who churned")).containsExactly(churn);
        assertThat(later.asked).as("the model is not asked for what the file holds").isEmpty();
        assertThat(Embedder.cosine(next.embed("refunds issued last quarter"), MiniLmEmbedder.get().embed("refunds issued last quarter")))
                .isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void two_writers_share_the_file_and_a_record_cut_short_is_dropped() throws Exception {
        Path file = dir.resolve("embeddings-shared.bin");
        EmbeddingCache a = new EmbeddingCache(file, new Counting());
        EmbeddingCache b = new EmbeddingCache(file, new Counting());
        a.embed("monthly recurring revenue");
        b.embed("net promoter score");
        long whole = Files.size(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {0, 0, 0, 40, 'h', 'a', 'l', 'f'})); // a crash in the middle of a record
        }
        Counting model = new Counting();
        EmbeddingCache read = new EmbeddingCache(file, model);
        assertThat(read.size()).isEqualTo(2);
        read.embed("monthly recurring revenue");
        read.embed("net promoter score");
        assertThat(model.asked).isEmpty();
        assertThat(Files.size(file)).as("the cut record is gone").isEqualTo(whole);
        read.embed("win rate");
        assertThat(new EmbeddingCache(file, new Counting()).size()).as("and what is added after it reads back").isEqualTo(3);
    }
}
