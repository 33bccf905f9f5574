package dev.almanac.source;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Catalogs cached per source, in memory and on disk, keyed by the source's id and reused while its
 * fingerprint (file size and modification time) is unchanged. Server sources, which have no
 * fingerprint, are cached in memory for the life of the process.
 */
public final class CatalogCache {
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private final Path directory;
    private final Function<Source, Catalog> introspector;
    private final Map<String, Catalog> memory = new ConcurrentHashMap<>();

    /** @param directory where catalogs are written as JSON; null keeps them in memory only */
    public CatalogCache(Path directory) {
        this(directory, new CatalogIntrospector()::introspect);
    }

    CatalogCache(Path directory, Function<Source, Catalog> introspector) {
        this.directory = directory;
        this.introspector = introspector;
    }

    public Catalog get(Source source) {
        String fingerprint = source.fingerprint().orElse("");
        Catalog cached = memory.get(source.id());
        if (cached != null && cached.fingerprint().equals(fingerprint)) return cached;
        Catalog onDisk = readDisk(source.id(), fingerprint);
        Catalog catalog = onDisk != null ? onDisk : introspector.apply(source);
        if (onDisk == null) writeDisk(catalog);
        memory.put(source.id(), catalog);
        return catalog;
    }

    private Path fileFor(String sourceId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(sourceId.getBytes(StandardCharsets.UTF_8));
            return directory.resolve("catalog-" + HexFormat.of().formatHex(digest, 0, 8) + ".json");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private Catalog readDisk(String sourceId, String fingerprint) {
        if (directory == null || fingerprint.isEmpty()) return null;
        Path file = fileFor(sourceId);
        if (!Files.isRegularFile(file)) return null;
        try {
            Catalog catalog = JSON.readValue(file.toFile(), Catalog.class);
            return catalog.source().equals(sourceId) && catalog.fingerprint().equals(fingerprint) ? catalog : null;
        } catch (IOException e) {
            return null; // a damaged cache file is simply rebuilt
        }
    }

    private void writeDisk(Catalog catalog) {
        if (directory == null || catalog.fingerprint().isEmpty()) return;
        try {
            dev.almanac.CacheFiles.replace(fileFor(catalog.source()), JSON.writeValueAsString(catalog));
        } catch (IOException e) {
            // the cache is an optimisation: failing to write it costs time, not correctness
        }
    }
}
