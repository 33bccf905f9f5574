package dev.almanac.bench;

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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * 100 concurrent users asking through the HTTP API for 60 s, with the scripted model answering each
 * call after 500 ms (3 calls a question: submit, critique, grade). The ideal bound is
 * users / (3 × 0.5 s) questions per second; the server must not serialise on the model calls.
 */
public final class LoadBench {
    public static void main(String[] args) throws Exception {
        int users = 100;
        int seconds = args.length > 0 && !args[0].isBlank() ? Integer.parseInt(args[0]) : 60;
        boolean postgres = args.length > 1 && args[1].equals("postgresql");
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
        Path script = Files.writeString(home.resolve("slow.yml"), """
                delay_ms: 500
                turns:
                  - tool_calls: [{name: submit_result, arguments: {queries: [{name: s, sql: "SELECT count(*) AS n FROM suppliers"}], template: "{s.n|int} suppliers."}}]
                  - text: PASS
                  - text: PASS
                """);
        BenchAccess.Server server = BenchAccess.start(dir, "script:" + script, users * 1000);
        List<String> tokens = new ArrayList<>();
        String run = Long.toString(System.currentTimeMillis(), 36);
        for (int i = 0; i < users; i++) tokens.add(server.addUser("load" + run + "_" + i));
        ExecutorService clientThreads = Executors.newFixedThreadPool(users, r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        });
        HttpClient http = HttpClient.newBuilder().executor(clientThreads).build();
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger errors = new AtomicInteger();
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(users);
        long start = System.nanoTime();
        for (String token : tokens) {
            pool.submit(() -> {
                while (System.nanoTime() < end) {
                    long t0 = System.nanoTime();
                    try {
                        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + "/api/ask"))
                                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString("{\"question\": \"How many suppliers do we work with?\"}")).build(),
                                HttpResponse.BodyHandlers.ofString());
                        if (r.statusCode() != 200 || !r.body().contains("suppliers.")) errors.incrementAndGet();
                        else latencies.add(System.nanoTime() - t0);
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                }
            });
        }
        pool.shutdown();
        pool.awaitTermination(seconds + 120, java.util.concurrent.TimeUnit.SECONDS);
        double elapsed = (System.nanoTime() - start) / 1e9;
        Runtime rt = Runtime.getRuntime();
        long heap = (rt.totalMemory() - rt.freeMemory()) / (1024 * 1024);
        server.stop();
        clientThreads.shutdownNow();
        long[] lat = latencies.stream().mapToLong(Long::longValue).toArray();
        double throughput = lat.length / elapsed;
        double ideal = users / 1.5;
        String body = """
                `bench/run LoadBench%s`: %d users, each asking in a loop for %d s through `POST /api/ask` (real HTTP, one JVM), the scripted
                model answering every call after 500 ms; 3 model calls a question (submit, critique, grade), so the ideal bound is
                %d / 1.5 s = %.1f questions/s. Each question also runs selection, retrieval, the guard, 2 queries, the explanation,
                the timeliness pass, and writes the turn, its DQ log and the audit log to the %s app store.

                | answered | errors | throughput (q/s) | of the ideal bound | p50 latency (ms) | p99 latency (ms) | heap used after (MiB) |
                |---:|---:|---:|---:|---:|---:|---:|
                | %d | %d | %.1f | %.0f%% | %.0f | %.0f | %d |

                Targets: 0 errors; throughput at least 80%% of the ideal bound.
                """.formatted(postgres ? " 60 postgresql" : "", users, seconds, users, ideal, postgres ? "PostgreSQL (pooled, local)" : "SQLite", lat.length, errors.get(), throughput, 100 * throughput / ideal,
                Report.quantileMicros(lat, 0.5) / 1000, Report.quantileMicros(lat, 0.99) / 1000, heap);
        Report.write(postgres ? "load-pg" : "load", postgres ? "API under load, PostgreSQL app store" : "API under load (issue 7)", body);
    }
}
