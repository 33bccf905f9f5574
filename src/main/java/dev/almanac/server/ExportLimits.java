package dev.almanac.server;

import dev.almanac.AlmanacConfig;
import dev.almanac.UserError;
import dev.almanac.source.EngineLimits;

/**
 * How many whole-result CSV downloads may run at once, per user and in all, and how much temporary disk their files may
 * hold together. Settings: {@code exports_per_user} ({@code ALMANAC_EXPORTS_PER_USER}, default 2), {@code exports_total}
 * ({@code ALMANAC_EXPORTS_TOTAL}, default 8), {@code export_disk_budget} ({@code ALMANAC_EXPORT_DISK_BUDGET}, a size such
 * as 2GB; default 2 GiB).
 */
public record ExportLimits(int perUser, int total, long diskBytes) {
    public static final ExportLimits DEFAULT = new ExportLimits(2, 8, 2L << 30);

    public ExportLimits {
        if (perUser < 1) throw new UserError("exports_per_user must be at least 1");
        if (total < 1) throw new UserError("exports_total must be at least 1");
        if (diskBytes < 1024) throw new UserError("export_disk_budget must be at least 1KiB");
    }

    public static ExportLimits from(AlmanacConfig config) {
        String disk = config.get("export_disk_budget");
        return new ExportLimits(config.getInt("exports_per_user", DEFAULT.perUser()), config.getInt("exports_total", DEFAULT.total()),
                disk == null ? DEFAULT.diskBytes() : EngineLimits.bytes("export_disk_budget", disk));
    }
}
