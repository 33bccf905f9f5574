package dev.almanac.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * The Trino server of the tests' cluster, unpacked from the Maven artifacts that the build copies into target/trino
 * (pom.xml, execution {@code trino-test-cluster}): the server tarball into target/trino/server and the memory and tpch
 * plugin zips into its plugin folder. Unpacked once and reused while the artifacts are the same ones.
 */
final class TrinoInstall {
    static final Path ARTIFACTS = Path.of("target", "trino");
    private static final Path TARBALL = ARTIFACTS.resolve("trino-server-core.tar.gz");
    private static final Map<String, Path> PLUGINS = plugins();

    private TrinoInstall() {}

    /** The server's home folder (bin/launcher, lib/, plugin/), unpacked now unless the same artifacts already were. */
    static Path server() throws IOException {
        Path home = ARTIFACTS.resolve("server");
        Path marker = home.resolve(".unpacked");
        String stamp = stamp();
        if (Files.isRegularFile(marker) && Files.readString(marker).equals(stamp)) return home;
        Path staging = Files.createTempDirectory(ARTIFACTS, "server-unpacking-");
        unpackTarball(TARBALL, staging);
        for (Map.Entry<String, Path> plugin : PLUGINS.entrySet()) unpackZip(plugin.getValue(), staging.resolve("plugin").resolve(plugin.getKey()));
        // written last: a folder without it (an unpack cut short) is never taken for a complete server
        Files.writeString(staging.resolve(".unpacked"), stamp);
        delete(home);
        Files.move(staging, home, StandardCopyOption.ATOMIC_MOVE);
        return home;
    }

    /** What the artifacts are (name, size, time): the unpacked server is reused only while they stay the same. */
    private static String stamp() throws IOException {
        StringBuilder stamp = new StringBuilder();
        List<Path> artifacts = new ArrayList<>(List.of(TARBALL));
        artifacts.addAll(PLUGINS.values());
        for (Path artifact : artifacts) {
            if (!Files.isRegularFile(artifact)) {
                throw new IllegalStateException(artifact + " is missing: the build copies it from Maven Central before the tests run "
                        + "(./mvnw test, or ./mvnw process-test-resources before running a test from an IDE)");
            }
            stamp.append(artifact.getFileName()).append(' ').append(Files.size(artifact)).append(' ')
                    .append(Files.getLastModifiedTime(artifact).toMillis()).append('\n');
        }
        return stamp.toString();
    }

    /**
     * Unpacks the server tarball without its top folder (trino-server-core-476/). Hundreds of its entries are hard links
     * (each plugin's copy of a jar in lib/): they become hard links here too, made once their targets exist.
     */
    private static void unpackTarball(Path tarball, Path to) throws IOException {
        Map<Path, Path> hardLinks = new LinkedHashMap<>();
        try (InputStream raw = Files.newInputStream(tarball);
             TarArchiveInputStream tar = new TarArchiveInputStream(new GZIPInputStream(raw, 1 << 16))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                Path path = inside(to, withoutTopFolder(entry.getName()));
                if (path.equals(to)) continue;
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                } else if (entry.isLink()) {
                    hardLinks.put(path, inside(to, withoutTopFolder(entry.getLinkName())));
                } else if (entry.isSymbolicLink()) {
                    Files.createDirectories(path.getParent());
                    Files.createSymbolicLink(path, Path.of(entry.getLinkName()));
                } else {
                    Files.createDirectories(path.getParent());
                    Files.copy(tar, path);
                    Files.setPosixFilePermissions(path, permissions(entry.getMode()));
                }
            }
        }
        for (Map.Entry<Path, Path> link : hardLinks.entrySet()) {
            Files.createDirectories(link.getKey().getParent());
            Files.createLink(link.getKey(), link.getValue());
        }
    }

    /** Unpacks a plugin zip (trino-memory-476/*.jar) into the plugin's folder, without the zip's top folder. */
    private static void unpackZip(Path zip, Path to) throws IOException {
        Files.createDirectories(to);
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            ZipEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                Path path = inside(to, withoutTopFolder(entry.getName()));
                if (entry.isDirectory() || path.equals(to)) continue;
                Files.createDirectories(path.getParent());
                Files.copy(in, path);
            }
        }
    }

    private static String withoutTopFolder(String name) {
        int slash = name.indexOf('/');
        return slash < 0 ? "" : name.substring(slash + 1);
    }

    /** The entry's path under the folder, refusing names that would leave it (../). */
    private static Path inside(Path folder, String name) throws IOException {
        Path path = folder.resolve(name).normalize();
        if (!path.startsWith(folder)) throw new IOException("archive entry outside its folder: " + name);
        return path;
    }

    /** The entry's permission bits as they are in the archive (the launchers are executable). */
    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] bits = PosixFilePermission.values(); // OWNER_READ ... OTHERS_EXECUTE: bit 8 down to bit 0
        for (int i = 0; i < bits.length; i++) {
            if ((mode & (1 << (bits.length - 1 - i))) != 0) set.add(bits[i]);
        }
        set.add(PosixFilePermission.OWNER_READ);
        set.add(PosixFilePermission.OWNER_WRITE);
        return set;
    }

    static void delete(Path folder) throws IOException {
        if (!Files.exists(folder)) return;
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    private static Map<String, Path> plugins() {
        Map<String, Path> plugins = new LinkedHashMap<>();
        plugins.put("memory", ARTIFACTS.resolve("trino-memory.zip"));
        plugins.put("tpch", ARTIFACTS.resolve("trino-tpch.zip"));
        return plugins;
    }
}
