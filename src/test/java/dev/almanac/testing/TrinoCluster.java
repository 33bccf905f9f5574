package dev.almanac.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real two-node Trino 476 cluster for the tests: a coordinator that only plans (node-scheduler.include-coordinator=false)
 * and a worker that runs every task, each a separate process on a JDK 24+ ({@link TrinoJdk}), with the memory and tpch
 * catalogs. Started once per test run by {@link TrinoClusterExtension}, with fresh data folders (the memory catalog's data
 * lives on the worker and goes with it), and stopped at the end of the run or when the JVM exits.
 *
 * <p>Trino's file-based access control (resources dev/almanac/testing/trino/rules.json) has two users: {@value #LOADER}
 * may do anything in the memory catalog (to load fixtures) and read tpch and the system tables; {@value #ALMANAC} may only
 * read memory, tpch and the system catalog's metadata (the JDBC driver's metadata calls read system.jdbc), not
 * system.runtime; any other user may run no query. The JDBC driver's read-only flag does nothing in autocommit mode, so
 * this is what keeps the almanac user from writing.
 *
 * <p>Each node's output goes to target/trino/logs/NODE.log. Each node has a 1 GB heap (about 0.5 GB resident while the tests
 * run); {@code -Dalmanac.trino.heap=2G} gives each more, for a benchmark that loads a large fixture.
 */
public final class TrinoCluster implements AutoCloseable {
    public static final String LOADER = "loader";
    public static final String ALMANAC = "almanac";
    private static final Path RUN = TrinoInstall.ARTIFACTS.resolve("run");
    private static final Path LOGS = TrinoInstall.ARTIFACTS.resolve("logs");
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_GRACE = Duration.ofSeconds(15);

    private final List<Node> nodes = new ArrayList<>();
    private final int port;
    private final Thread stopOnExit;
    private Duration startup;

    /** One Trino process: its name, HTTP port, folders and log. */
    private record Node(String name, int port, Path etc, Path data, Path log, Process process) {}

    private TrinoCluster(int port) {
        this.port = port;
        this.stopOnExit = new Thread(this::stop, "trino-cluster-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    /** A cluster started outside a test run (the benchmarks), on this machine's JDK 24+; it says what is missing when there is none. */
    public static TrinoCluster startHere() {
        return start(TrinoJdk.find().orElseThrow(() -> new IllegalStateException(TrinoJdk.missing())));
    }

    /** Starts a coordinator and a worker on the JDK at {@code jdk} and waits until both are active. */
    static TrinoCluster start(Path jdk) {
        long begin = System.nanoTime();
        Path server;
        int coordinatorPort;
        int workerPort;
        try {
            server = TrinoInstall.server();
            stopLeftovers();
            TrinoInstall.delete(RUN);
            Files.createDirectories(LOGS);
            coordinatorPort = freePort();
            workerPort = freePort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the Trino cluster: " + e.getMessage(), e);
        }
        TrinoCluster cluster = new TrinoCluster(coordinatorPort);
        try {
            cluster.nodes.add(launch(server, jdk, "coordinator", coordinatorPort, coordinatorPort, """
                    coordinator=true
                    # the worker does the work, as in a real cluster
                    node-scheduler.include-coordinator=false
                    # the failure detector trusts a node only after a warm-up of heartbeats: on 2 cores that held the first query
                    # back by about 10 s more, and two nodes on loopback need no detector to find each other
                    failure-detector.enabled=false
                    """));
            cluster.nodes.add(launch(server, jdk, "worker", workerPort, coordinatorPort, "coordinator=false\n"));
            cluster.awaitReady();
        } catch (IOException e) {
            cluster.close();
            throw new UncheckedIOException("cannot start the Trino cluster: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
        cluster.startup = Duration.ofNanos(System.nanoTime() - begin);
        System.out.println("Trino cluster (coordinator and worker) ready in " + cluster.startup.toMillis() + " ms on port " + coordinatorPort);
        return cluster;
    }

    /** The JDBC URL of memory.default for the user (no password: the cluster runs without authentication, on loopback). */
    public String url(String user) {
        return url(user, "default");
    }

    /** The JDBC URL of a schema of the memory catalog for the user. */
    public String url(String user, String schema) {
        return "jdbc:trino://127.0.0.1:" + port + "/memory/" + schema + "?user=" + user;
    }

    public String almanacUrl() {
        return url(ALMANAC);
    }

    public String loaderUrl() {
        return url(LOADER);
    }

    /** The coordinator's HTTP address (its REST API and web UI). */
    public URI coordinator() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** Runs statements as the loader, in order: fixtures into the memory catalog (Almanac itself only reads). */
    public void load(String... statements) {
        try (Connection c = DriverManager.getConnection(loaderUrl()); Statement s = c.createStatement()) {
            for (String sql : statements) {
                try {
                    s.execute(sql);
                } catch (SQLException e) {
                    throw new IllegalStateException("as " + LOADER + ": " + sql + ": " + e.getMessage(), e);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot connect to Trino as " + LOADER + ": " + e.getMessage(), e);
        }
    }

    /** How long the cluster took from unpacking to both nodes active. */
    public Duration startup() {
        return startup;
    }

    /** Where each node's output is (NODE.log). */
    public Path logs() {
        return LOGS;
    }

    @Override
    public void close() {
        long begin = System.nanoTime();
        stop();
        System.out.println("Trino cluster stopped in " + (System.nanoTime() - begin) / 1_000_000 + " ms");
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException exiting) {
            // the JVM is already exiting: the hook runs anyway and finds the processes stopped
        }
    }

    /** Asks every node to stop (SIGTERM: Trino shuts down cleanly), then kills what is left after a grace period. */
    private void stop() {
        for (Node node : nodes) node.process().descendants().forEach(ProcessHandle::destroy);
        for (Node node : nodes) node.process().destroy();
        long deadline = System.nanoTime() + STOP_GRACE.toNanos();
        for (Node node : nodes) {
            try {
                if (!node.process().waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    node.process().descendants().forEach(ProcessHandle::destroyForcibly);
                    node.process().destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                node.process().destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Writes the node's etc folder and starts it with the launcher in the foreground (so that it dies with its process). */
    private static Node launch(Path server, Path jdk, String name, int port, int coordinatorPort, String role) throws IOException {
        Path etc = RUN.resolve(name).resolve("etc");
        Path data = RUN.resolve(name).resolve("data");
        Files.createDirectories(etc.resolve("catalog"));
        Files.createDirectories(data);
        copyResource("jvm.config", etc);
        String heap = System.getProperty("almanac.trino.heap");
        if (heap != null && !heap.isBlank()) {
            // more than the tests need, for a benchmark that loads a large fixture (the coordinator keeps each statement's plan)
            Path jvmConfig = etc.resolve("jvm.config");
            Files.writeString(jvmConfig, Files.readString(jvmConfig).replaceAll("(?m)^-Xmx.*$", "-Xmx" + heap.strip()));
        }
        copyResource("catalog/memory.properties", etc);
        copyResource("catalog/tpch.properties", etc);
        copyResource("rules.json", etc);
        Files.writeString(etc.resolve("node.properties"), "node.environment=almanac_test\nnode.id=" + name + "\n"
                // loopback only: the nodes find each other there whatever the machine's host name resolves to
                + "node.internal-address=127.0.0.1\n");
        Files.writeString(etc.resolve("config.properties"), role + "http-server.http.port=" + port + "\n"
                + "discovery.uri=http://127.0.0.1:" + coordinatorPort + "\n");
        Files.writeString(etc.resolve("access-control.properties"), "access-control.name=file\nsecurity.config-file="
                + etc.resolve("rules.json").toAbsolutePath() + "\n");
        Path log = LOGS.resolve(name + ".log");
        Process process = new ProcessBuilder(server.resolve("bin/launcher").toAbsolutePath().toString(), "run",
                "--etc-dir=" + etc.toAbsolutePath(), "--data-dir=" + data.toAbsolutePath(), "--jvm-dir=" + jdk.toAbsolutePath())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Files.writeString(RUN.resolve(name).resolve("pid"), Long.toString(process.pid()));
        return new Node(name, port, etc, data, log, process);
    }

    /**
     * Waits until the coordinator has started ({@code /v1/info}) and sees both nodes active ({@code system.runtime.nodes});
     * fails at once when a node exits, and after {@link #READY_TIMEOUT}, with the end of each node's log.
     */
    private void awaitReady() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (true) {
            for (Node node : nodes) {
                if (!node.process().isAlive()) {
                    throw new IllegalStateException("Trino's " + node.name() + " exited with status " + node.process().exitValue() + "\n" + logTails());
                }
            }
            if (started(http) && activeNodes(deadline) == nodes.size()) return;
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the Trino cluster was not ready (2 active nodes) within " + READY_TIMEOUT.toSeconds() + " s\n" + logTails());
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the Trino cluster was starting", e);
            }
        }
    }

    private boolean started(HttpClient http) {
        try {
            HttpRequest request = HttpRequest.newBuilder(coordinator().resolve("/v1/info")).timeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 && !new ObjectMapper().readTree(response.body()).path("starting").asBoolean(true);
        } catch (IOException e) {
            return false; // not listening yet
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * The active nodes, as the coordinator counts them. The query waits until the coordinator knows of a worker to run it
     * (its discovery refreshes every 10 s), so it is bounded by what is left of the wait.
     */
    private int activeNodes(long deadline) {
        try (Connection c = DriverManager.getConnection(loaderUrl()); Statement s = c.createStatement()) {
            s.setQueryTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toSeconds(deadline - System.nanoTime())));
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM system.runtime.nodes WHERE state = 'active'")) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        } catch (SQLException e) {
            return 0; // the coordinator is still coming up
        }
    }

    /** The last lines of each node's log, for a failure message (the whole logs are in target/trino/logs). */
    private String logTails() {
        StringBuilder out = new StringBuilder();
        for (Node node : nodes) {
            out.append("---- ").append(node.log().toAbsolutePath()).append(" (last lines) ----\n");
            try {
                List<String> lines = Files.readAllLines(node.log());
                for (String line : lines.subList(Math.max(0, lines.size() - 40), lines.size())) out.append(line).append('\n');
            } catch (IOException | UncheckedIOException e) {
                out.append("(unreadable: ").append(e.getMessage()).append(")\n");
            }
        }
        return out.toString();
    }

    private static void copyResource(String name, Path etc) throws IOException {
        try (InputStream in = TrinoCluster.class.getResourceAsStream("trino/" + name)) {
            if (in == null) throw new IOException("test resource dev/almanac/testing/trino/" + name + " is missing");
            Files.copy(in, etc.resolve(name));
        }
    }

    /**
     * Kills the nodes of an earlier run that never stopped (its JVM was killed before its shutdown hook could run): each
     * node's pid is in run/NODE/pid, and a process is taken for that node only while its command line names the run folder.
     */
    private static void stopLeftovers() throws IOException {
        String folder = RUN.toAbsolutePath().toString();
        for (String name : List.of("coordinator", "worker")) {
            Path pid = RUN.resolve(name).resolve("pid");
            if (!Files.isRegularFile(pid)) continue;
            ProcessHandle.of(Long.parseLong(Files.readString(pid).trim()))
                    .filter(p -> p.info().commandLine().map(line -> line.contains(folder)).orElse(false))
                    .ifPresent(p -> {
                        p.destroyForcibly();
                        p.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(e -> p).join();
                    });
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
