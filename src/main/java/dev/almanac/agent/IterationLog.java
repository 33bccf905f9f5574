package dev.almanac.agent;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.almanac.sql.QueryResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/** The iteration log: one JSON line per reviewed attempt (iteration, tables, SQL hash, verdict and reason, rows, duration). */
final class IterationLog {
    private final Flow flow;

    IterationLog(Flow flow) {
        this.flow = flow;
    }

    void write(LoopState s, Map<String, QueryResult> results, String verdict) {
        if (flow.ctx.logFile() == null) return;
        try {
            ObjectNode line = Answers.JSON.createObjectNode();
            line.put("time", java.time.Instant.now().toString());
            line.put("thread_id", s.turn.threadId());
            line.put("question", s.turn.question());
            line.put("iteration", s.iteration);
            line.putPOJO("tables", results.values().stream().flatMap(r -> r.tables().stream()).distinct().sorted().toList());
            line.put("sql_hash", hash(String.join("\n", results.values().stream().map(QueryResult::sql).toList())));
            line.put("verdict", verdict.startsWith("PASS") ? "PASS" : "FAIL");
            line.put("reason", verdict.replaceFirst("^(PASS|FAIL:?)\\s*", ""));
            line.put("rows", results.values().stream().mapToInt(QueryResult::rowCount).sum());
            line.put("duration_ms", s.turn.elapsedMs());
            Files.createDirectories(flow.ctx.logFile().toAbsolutePath().getParent());
            Files.writeString(flow.ctx.logFile(), Answers.JSON.writeValueAsString(line) + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            flow.event("log", "cannot write the log: " + e.getMessage());
        }
    }

    private static String hash(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
