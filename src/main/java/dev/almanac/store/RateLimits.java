package dev.almanac.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Questions per user in a sliding minute, counted in the app store: servers that share a store share the count, so a
 * user meets one limit however many servers answer. One question counts once however many model calls and revisions
 * it takes, because the limit is taken per request, not per call. The user's row is locked while it is counted (the
 * upsert takes the row lock on PostgreSQL; a SQLite writer holds the database lock), so two servers cannot both let
 * the last question of a minute through.
 */
public final class RateLimits {
    private static final long MINUTE_MS = 60_000;

    private final AppStore store;

    public RateLimits(AppStore store) {
        this.store = store;
    }

    /** 0 when the user's question may go ahead (and is counted), else the seconds to wait. */
    public long acquire(String user, int perMinute, long nowMillis) {
        return store.inTransaction(c -> {
            try (PreparedStatement lock = c.prepareStatement(
                    "INSERT INTO rate_limits (user_name, recent) VALUES (?, '') ON CONFLICT (user_name) DO UPDATE SET recent = rate_limits.recent")) {
                lock.setString(1, user);
                lock.executeUpdate();
            }
            List<Long> recent = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT recent FROM rate_limits WHERE user_name = ?")) {
                ps.setString(1, user);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    Arrays.stream(rs.getString(1).split(",")).filter(t -> !t.isEmpty()).map(Long::valueOf)
                            .filter(at -> at > nowMillis - MINUTE_MS).sorted().forEach(recent::add);
                }
            }
            if (recent.size() >= perMinute) {
                return Math.max(1, (recent.get(recent.size() - perMinute) + MINUTE_MS - nowMillis + 999) / 1000);
            }
            recent.add(nowMillis);
            try (PreparedStatement ps = c.prepareStatement("UPDATE rate_limits SET recent = ? WHERE user_name = ?")) {
                ps.setString(1, recent.stream().map(String::valueOf).collect(Collectors.joining(",")));
                ps.setString(2, user);
                ps.executeUpdate();
            }
            return 0L;
        });
    }
}
