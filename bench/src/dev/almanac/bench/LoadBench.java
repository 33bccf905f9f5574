package dev.almanac.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.cli.BenchAccess;
import dev.almanac.demo.DemoProject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * 100 concurrent users asking through the HTTP API for 60 s (a question the parser cannot read, so that the model answers it), with the scripted model answering each
 * call after 500 ms (3 calls a question: submit, critique, grade). The ideal bound is
 * users / (3 × 0.5 s) questions per second; the server must not serialise on the model calls.
 * With {@code mixed}, writes are mixed in: the askers continue their threads (a new one every 10
 * turns) and 5 editors change a verified query in a loop (each edit validates the whole knowledge
 * folder, runs its queries, writes the file and imports it), all while the questions go on.
 *
 * With a fourth argument, a DuckDB memory limit ({@code 256MB}, or {@code off} for the machine's whole memory), the
 * server's DuckDB runs under it and 4 more clients run a viewer's heavy query in a loop (a {@code string_agg} over two
 * million generated rows, about 120 MB in one value) next to the questions; the process's peak resident memory
 * ({@code VmHWM}) is reported.
 *
 * <p>Arguments: {@code [seconds] [sqlite|postgresql] [plain|mixed] [memory limit]}.
 */
public final class LoadBench {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int EDITORS = 5;

    /** A field of /proc/self/status in KiB (VmRSS, VmHWM); 0 where there is none. */
    static long procStatus(String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith(field + ":")) return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        } catch (Exception e) {
            // not Linux
        }
        return 0;
    }

    public static void main(String[] args) throws Exception {
        int users = 100;
        int seconds = args.length > 0 && !args[0].isBlank() ? Integer.parseInt(args[0]) : 60;
        boolean postgres = args.length > 1 && args[1].equals("postgresql");
        boolean mixed = args.length > 2 && args[2].equals("mixed");
        Path dir = Path.of("target", "bench-demo").toAbsolutePath();
        DemoProject.init(dir, 1, false, System.err);
        if (postgres) {
            // the same demo, with its app store in a real PostgreSQL (binaries from a Maven artifact)
            String url = dev.almanac.testing.EmbeddedPostgres.shared().createDatabase("load_" + Long.toString(System.currentTimeMillis(), 36));
            Path pg = Path.of("target", "bench-demo-pg").toAbsolutePath();
            Files.createDirectories(pg);
            Files.writeString(pg.resolve("almanac.yml"), "name: Brightline demo\nsource: " + dir.resolve("data/demo.duckdb") + "\nknowledge: "
                    + dir.resolve("knowledge") + "\napp_store: " + url + "\n");
            dir = pg;
        }
        Path home = Files.createTempDirectory("almanac-load");
        System.setProperty("almanac.home", home.toString());
        String memoryLimit = args.length > 3 && !args[3].isBlank() ? args[3] : null;
        if (memoryLimit != null) {
            String limit = memoryLimit.equals("off") ? dev.almanac.source.EngineLimits.physicalMemoryBytes() + "B" : memoryLimit;
            Files.writeString(home.resolve("config.yml"), "duckdb_memory_limit: " + limit + "\nduckdb_max_temp_size: " + limit + "\n");
        }
        Path script = Files.writeString(home.resolve("slow.yml"), """
                delay_ms: 500
                turns:
                  - tool_calls: [{name: submit_result, arguments: {queries: [{name: s, sql: "SELECT count(*) AS n FROM suppliers"}], template: "{s.n|int} suppliers."}}]
                  - text: PASS
                  - text: PASS
                """);
        BenchAccess.Server server = BenchAccess.start(dir, "script:" + script, users * 1000);
        int editors = mixed ? EDITORS : 0;
        int askers = users - editors;
        List<String> tokens = new ArrayList<>();
        String run = Long.toString(System.currentTimeMillis(), 36);
        for (int i = 0; i < users; i++) tokens.add(server.addUser("load" + run + "_" + i, i < editors ? "editor" : "viewer"));
        ExecutorService clientThreads = Executors.newFixedThreadPool(users, r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        });
        HttpClient http = HttpClient.newBuilder().executor(clientThreads).build();
        String base = "http://localhost:" + server.port();
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        List<Long> editLatencies = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger errors = new AtomicInteger();
        AtomicInteger editErrors = new AtomicInteger();
        AtomicInteger continued = new AtomicInteger();
        AtomicLong peakHeap = new AtomicLong();
        AtomicLong peakRss = new AtomicLong();
        Runtime rt = Runtime.getRuntime();
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peakHeap.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max);
                peakRss.accumulateAndGet(procStatus("VmRSS"), Math::max);
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        AtomicInteger heavyRun = new AtomicInteger();
        AtomicInteger heavyRefused = new AtomicInteger();
        ExecutorService heavy = Executors.newFixedThreadPool(4);
        if (memoryLimit != null) {
            for (int i = 0; i < 4; i++) {
                heavy.submit(() -> {
                    while (System.nanoTime() < end) {
                        try {
                            server.query("SELECT length(string_agg(repeat('x', 50) || i::VARCHAR, ',')) AS n FROM range(2000000) t(i)");
                            heavyRun.incrementAndGet();
                        } catch (dev.almanac.sql.QueryOutOfMemory e) {
                            heavyRefused.incrementAndGet();
                        } catch (RuntimeException e) {
                            heavyRefused.incrementAndGet();
                            System.err.println("heavy: " + e.getMessage());
                        }
                    }
                });
            }
        }
        heavy.shutdown();
        ExecutorService pool = Executors.newFixedThreadPool(users);
        long start = System.nanoTime();
        for (int i = 0; i < users; i++) {
            String token = tokens.get(i);
            int user = i;
            if (i < editors) {
                pool.submit(() -> {
                    String path = base + "/api/knowledge/queries/load_edit_" + user;
                    for (int n = 0; System.nanoTime() < end; n++) {
                        long t0 = System.nanoTime();
                        String body = "{\"question\": \"How many suppliers are on the list (edit " + user + "." + n + ")?\", "
                                + "\"sql\": \"SELECT count(*) AS n FROM suppliers\", \"tables\": [\"suppliers\"], "
                                + "\"verified_by\": \"Load bench\", \"verified_at\": \"2026-11-23\"}";
                        try {
                            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(path)).header("Authorization", "Bearer " + token)
                                    .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)).build(),
                                    HttpResponse.BodyHandlers.ofString());
                            if (r.statusCode() / 100 != 2) {
                                editErrors.incrementAndGet();
                                System.err.println("edit " + r.statusCode() + ": " + r.body());
                            } else {
                                editLatencies.add(System.nanoTime() - t0);
                            }
                        } catch (Exception e) {
                            editErrors.incrementAndGet();
                        }
                    }
                });
                continue;
            }
            pool.submit(() -> {
                String thread = null;
                int turns = 0;
                while (System.nanoTime() < end) {
                    long t0 = System.nanoTime();
                    String body = mixed && thread != null
                            ? "{\"question\": \"How many suppliers go into the frobnitz report?\", \"thread_id\": \"" + thread + "\"}"
                            : "{\"question\": \"How many suppliers go into the frobnitz report?\"}";
                    try {
                        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/api/ask"))
                                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
                        if (r.statusCode() != 200 || !r.body().contains("suppliers.")) {
                            errors.incrementAndGet();
                            System.err.println("ask " + r.statusCode() + ": " + r.body().substring(0, Math.min(300, r.body().length())));
                            continue;
                        }
                        latencies.add(System.nanoTime() - t0);
                        JsonNode answer = JSON.readTree(r.body());
                        if (thread != null && thread.equals(answer.path("thread_id").asText())) continued.incrementAndGet();
                        thread = ++turns % 10 == 0 ? null : answer.path("thread_id").asText();
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                }
            });
        }
        pool.shutdown();
        pool.awaitTermination(seconds + 120, TimeUnit.SECONDS);
        heavy.awaitTermination(seconds + 120, TimeUnit.SECONDS);
        double elapsed = (System.nanoTime() - start) / 1e9;
        sampler.interrupt();
        long rssAfter = procStatus("VmRSS");
        long hwm = procStatus("VmHWM");
        long heap = (rt.totalMemory() - rt.freeMemory()) / (1024 * 1024);
        for (int i = 0; i < editors; i++) {
            http.send(HttpRequest.newBuilder(URI.create(base + "/api/knowledge/queries/load_edit_" + i)).header("Authorization", "Bearer " + tokens.get(i))
                    .DELETE().build(), HttpResponse.BodyHandlers.ofString());
        }
        server.stop();
        clientThreads.shutdownNow();
        long[] lat = latencies.stream().mapToLong(Long::longValue).toArray();
        if (lat.length == 0) throw new IllegalStateException("no question was answered (" + errors.get() + " errors)");
        double throughput = lat.length / elapsed;
        double ideal = askers / 1.5;
        String store = postgres ? "PostgreSQL (pooled, local)" : "SQLite";
        String command = "bench/run LoadBench " + seconds + " " + (postgres ? "postgresql" : "sqlite") + (mixed ? " mixed" : "");
        String body;
        if (!mixed) {
            body = """
                    `%s`: %d users, each asking in a loop for %d s through `POST /api/ask` (real HTTP, one JVM), the scripted
                    model answering every call after 500 ms; 3 model calls a question (submit, critique, grade), so the ideal bound is
                    %d / 1.5 s = %.1f questions/s. Each question also runs selection, retrieval, the guard, 2 queries, the explanation,
                    the timeliness pass, and writes the turn, its DQ log and the audit log to the %s app store.

                    | answered | errors | throughput (q/s) | of the ideal bound | p50 latency (ms) | p99 latency (ms) | heap used after (MiB) | peak heap (MiB) |
                    |---:|---:|---:|---:|---:|---:|---:|---:|
                    | %d | %d | %.1f | %.0f%% | %.0f | %.0f | %d | %d |

                    Targets: 0 errors; throughput at least 80%% of the ideal bound.
                    """.formatted(command, users, seconds, users, ideal, store, lat.length, errors.get(), throughput, 100 * throughput / ideal,
                    Report.quantileMicros(lat, 0.5) / 1000, Report.quantileMicros(lat, 0.99) / 1000, heap, peakHeap.get() / (1024 * 1024));
        } else {
            long[] edits = editLatencies.stream().mapToLong(Long::longValue).toArray();
            body = """
                    `%s`: %d users for %d s through the real HTTP API (one JVM), %s app store, the scripted model answering every
                    call after 500 ms (3 a question, so the ideal bound for the %d askers is %.1f questions/s). Writes are mixed in: every
                    asker continues its own thread (a new thread every 10 turns, so each question also reads the thread's earlier turns),
                    and %d editors each replace a verified query in a loop through `PUT /api/knowledge/queries/{name}` (each edit
                    validates the whole knowledge folder and runs its queries, then writes the file and imports it into the store).
                    Each edit also makes the server load the knowledge again (its table selector and verified-answer index are
                    rebuilt), CPU that the questions share on 2 cores: hence the lower throughput than without writes.

                    | | done | errors | per second | p50 (ms) | p99 (ms) |
                    |---|---:|---:|---:|---:|---:|
                    | questions | %d | %d | %.1f (%.0f%% of the ideal bound) | %.0f | %.0f |
                    | knowledge edits | %d | %d | %.2f | %.0f | %.0f |

                    Questions that continued a thread: %d. Heap used after: %d MiB; peak heap while running: %d MiB.

                    Targets: 0 errors.
                    """.formatted(command, users, seconds, store, askers, ideal, editors,
                    lat.length, errors.get(), throughput, 100 * throughput / ideal, Report.quantileMicros(lat, 0.5) / 1000, Report.quantileMicros(lat, 0.99) / 1000,
                    edits.length, editErrors.get(), edits.length / elapsed, edits.length == 0 ? 0 : Report.quantileMicros(edits, 0.5) / 1000,
                    edits.length == 0 ? 0 : Report.quantileMicros(edits, 0.99) / 1000, continued.get(), heap, peakHeap.get() / (1024 * 1024));
        }
        if (memoryLimit != null) {
            String limitShown = memoryLimit.equals("off") ? "off (the machine's " + dev.almanac.source.EngineLimits.shown(dev.almanac.source.EngineLimits.physicalMemoryBytes()) + ")" : memoryLimit;
            body = """
                    `%s %s`: the load above (%d users asking for %d s, %s app store) and 4 clients running a viewer's heavy query in a
                    loop on the server's DuckDB (`string_agg` over two million generated rows, one value of about 120 MB), with
                    `duckdb_memory_limit` (and `duckdb_max_temp_size`) %s. One JVM holds the server and the clients, so the resident
                    memory is the whole process's (`/proc/self/status`: VmHWM is the peak, VmRSS sampled every 100 ms and at the end).
                    The heavy clients loop without a pause, so a refused one asks again at once: compare the memory of the two runs,
                    not their question rates.

                    | memory limit | questions answered | errors | q/s | heavy queries run | heavy queries refused | peak RSS (MiB) | RSS after (MiB) | peak heap (MiB) |
                    |---|---:|---:|---:|---:|---:|---:|---:|---:|
                    | %s | %d | %d | %.1f | %d | %d | %d | %d | %d |
                    """.formatted(command + (mixed ? "" : " plain"), memoryLimit, users, seconds, store, limitShown, limitShown, lat.length, errors.get(), throughput, heavyRun.get(),
                    heavyRefused.get(), Math.max(hwm, peakRss.get()) >> 10, rssAfter >> 10, peakHeap.get() / (1024 * 1024));
            Report.write("load-memory-" + (memoryLimit.equals("off") ? "off" : "limited"), "API under load with heavy queries, DuckDB memory limit "
                    + (memoryLimit.equals("off") ? "off" : memoryLimit), body);
            return;
        }
        String key = "load" + (mixed ? "-mixed" : "") + (postgres ? "-pg" : "");
        String title = (mixed ? "API under load with writes mixed in" : "API under load") + (postgres ? ", PostgreSQL app store" : ", SQLite app store");
        Report.write(key, title, body);
    }
}
