package dev.almanac.demo;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Product usage, web sessions, signups, marketing, leads, sales pipeline and support. */
final class ActivitySection {
    /** Whole months with no marketing_spend rows (a tracking outage). */
    static final Set<YearMonth> SPEND_GAPS = Set.of(YearMonth.of(2024, 7));
    /** Whole months with no NPS responses (the survey tool was switched off). */
    static final Set<YearMonth> NPS_GAPS = Set.of(YearMonth.of(2023, 11), YearMonth.of(2025, 2));

    private static final String[] EVENT_TYPES = {"login", "task_created", "task_completed", "comment_added", "file_uploaded",
            "report_viewed", "automation_run", "api_call", "invite_sent", "dashboard_viewed"};
    private static final int[] EVENT_WEIGHTS = {22, 20, 16, 12, 6, 7, 6, 6, 2, 3};
    private static final int[][] EVENT_FEATURES = {{1, 2}, {1}, {1, 7}, {3}, {4}, {8}, {10, 11}, {12}, {13}, {9, 20}};

    private final World w;
    private final DemoGenerator.Sink sink;

    ActivitySection(World world, DemoGenerator.Sink sink) {
        this.w = world;
        this.sink = sink;
    }

    void write() throws SQLException {
        usage();
        sessions();
        signups();
        marketing();
        sales();
        support();
    }

    private void usage() throws SQLException {
        Rng rng = new Rng("usage_events");
        int n = w.scaled(250_000);
        long[] times = new long[n];
        long firstUser = w.userCreated[0].toInstant(ZoneOffset.UTC).toEpochMilli();
        long end = World.END.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli() - 1;
        for (int i = 0; i < n; i++) {
            LocalDate day = rng.growingDate(World.START, World.END);
            times[i] = Math.max(firstUser + 1000, rng.timeOn(day).toInstant(ZoneOffset.UTC).toEpochMilli() + rng.between(0, 999));
            times[i] = Math.min(times[i], end);
        }
        Arrays.sort(times);
        Map<Long, long[]> daily = new TreeMap<>();
        Map<Long, Set<Integer>> dailyUsers = new TreeMap<>();
        try (TableWriter t = sink.open("usage_events")) {
            for (int i = 0; i < n; i++) {
                LocalDateTime at = LocalDateTime.ofEpochSecond(Math.floorDiv(times[i], 1000), 0, ZoneOffset.UTC);
                int user = rng.between(1, Math.max(1, w.usersBy(at)));
                int type = rng.weighted(EVENT_WEIGHTS);
                int feature = rng.pick(Arrays.stream(EVENT_FEATURES[type]).boxed().toList());
                t.row((long) i + 1, user, w.userCustomer[user - 1], feature, EVENT_TYPES[type], times[i]);
                long key = at.toLocalDate().toEpochDay() * 100 + feature;
                daily.computeIfAbsent(key, k -> new long[1])[0]++;
                dailyUsers.computeIfAbsent(key, k -> new HashSet<>()).add(user);
            }
        }
        try (TableWriter t = sink.open("feature_usage_daily")) {
            for (Map.Entry<Long, long[]> e : daily.entrySet()) {
                long key = e.getKey();
                t.row(LocalDate.ofEpochDay(key / 100), (int) (key % 100), e.getValue()[0], (long) dailyUsers.get(key).size());
            }
        }
    }

    private void sessions() throws SQLException {
        Rng rng = new Rng("web_sessions");
        int n = w.scaled(90_000);
        LocalDateTime[] starts = new LocalDateTime[n];
        for (int i = 0; i < n; i++) starts[i] = rng.timeOn(rng.growingDate(World.START, World.END));
        Arrays.sort(starts);
        String[] sources = {null, "google", "linkedin", "newsletter", "twitter", "partner"};
        int[] countryWeights = w.countryWeights.stream().mapToInt(Integer::intValue).toArray();
        try (TableWriter t = sink.open("web_sessions")) {
            for (int i = 0; i < n; i++) {
                int known = w.usersBy(starts[i]);
                Integer user = known > 0 && rng.chance(0.6) ? rng.between(1, known) : null;
                String country = user != null ? w.customerCountry[w.userCustomer[user - 1] - 1] : w.countryCodes.get(rng.weighted(countryWeights));
                int pages = 1 + rng.weighted(30, 20, 15, 10, 8, 6, 5, 3, 2, 1);
                t.row((long) i + 1, user, starts[i], pages * rng.between(15, 240), pages,
                        new String[] {"desktop", "mobile", "tablet"}[rng.weighted(62, 31, 7)], sources[rng.weighted(45, 25, 10, 8, 6, 6)], country);
            }
        }
    }

    /** signup_summary.signups is a running total of customers signed up so far, not a daily count. */
    private void signups() throws SQLException {
        try (TableWriter t = sink.open("signup_summary")) {
            for (LocalDate d = World.START; !d.isAfter(World.END); d = d.plusDays(1)) t.row(d, (long) w.customersBy(d));
        }
    }

    private void marketing() throws SQLException {
        Rng rng = new Rng("marketing");
        String[][] channels = {{"Organic Search", "organic"}, {"Paid Search", "paid"}, {"Paid Social", "paid"}, {"Email", "owned"},
                {"Events", "paid"}, {"Partners", "partner"}, {"Referral", "organic"}, {"Content", "owned"}};
        try (TableWriter t = sink.open("marketing_channels")) {
            for (int i = 0; i < channels.length; i++) t.row(i + 1, channels[i][0], channels[i][1]);
        }
        List<Integer> marketers = w.employeesByDepartment.get("Marketing");
        String[] themes = {"Spring Launch", "Back to Work", "Year End", "Remote Teams", "Agency Push", "Enterprise Summit", "Webinar Series",
                "Product Hunt", "Partner Week", "Holiday Sale"};
        long span = ChronoUnit.DAYS.between(World.START, World.END);
        int count = 96;
        try (TableWriter t = sink.open("campaigns")) {
            for (int i = 0; i < count; i++) {
                LocalDate start = World.START.plusDays(span * i / count);
                LocalDate end = start.plusDays(rng.between(30, 150));
                if (end.isAfter(World.END)) end = World.END;
                int channel = i % channels.length + 1;
                w.campaignWindows.add(new LocalDate[] {start, end});
                w.campaignChannel.add(channel);
                t.row(i + 1, themes[i % themes.length] + " " + start.getYear() + " #" + (i + 1), channel, rng.pick(marketers), start, end,
                        TableWriter.dollars(rng.between(500L, 8_000L) * 1000));
            }
        }
        try (TableWriter t = sink.open("marketing_spend")) {
            for (LocalDate d = World.START; !d.isAfter(World.END); d = d.plusDays(1)) {
                if (SPEND_GAPS.contains(YearMonth.from(d))) continue;
                for (int c = 0; c < count; c++) {
                    LocalDate[] window = w.campaignWindows.get(c);
                    if (d.isBefore(window[0]) || d.isAfter(window[1])) continue;
                    long impressions = rng.between(2_000L, 60_000L);
                    long clicks = impressions * rng.between(5, 40) / 1000;
                    t.row(d, c + 1, TableWriter.dollars(clicks * rng.between(40, 400)), impressions, clicks);
                }
            }
        }
        List<Integer> emailCampaigns = new ArrayList<>();
        for (int c = 0; c < count; c++) if (w.campaignChannel.get(c) == 4) emailCampaigns.add(c);
        try (TableWriter t = sink.open("email_sends")) {
            int n = w.scaled(30_000);
            for (int i = 0; i < n; i++) {
                int c = rng.pick(emailCampaigns);
                LocalDate[] window = w.campaignWindows.get(c);
                LocalDate day = rng.date(window[0], window[1]);
                int customer = w.customerBy(rng, day);
                if (customer == 0) customer = 1;
                boolean opened = rng.chance(0.32);
                t.row(i + 1, c + 1, rng.pick(w.contactsOfCustomer.get(customer)), rng.timeOn(day), opened, opened && rng.chance(0.18));
            }
        }
        try (TableWriter t = sink.open("leads")) {
            int n = w.scaled(12_000);
            LocalDate[] days = new LocalDate[n];
            for (int i = 0; i < n; i++) days[i] = rng.growingDate(World.START, World.END);
            Arrays.sort(days);
            for (int i = 0; i < n; i++) {
                int channel = rng.between(1, channels.length);
                Integer campaign = null;
                for (int c = 0; c < count; c++) {
                    LocalDate[] window = w.campaignWindows.get(c);
                    if (w.campaignChannel.get(c) == channel && !days[i].isBefore(window[0]) && !days[i].isAfter(window[1])) campaign = c + 1;
                }
                String status = new String[] {"new", "contacted", "qualified", "disqualified", "converted"}[rng.weighted(15, 20, 20, 30, 15)];
                Integer converted = null;
                if (status.equals("converted")) {
                    int first = w.customersBy(days[i].minusDays(1));
                    if (first < w.signupDates.length) converted = first + 1 + rng.between(0, Math.min(40, w.signupDates.length - first - 1));
                    else status = "qualified";
                }
                if (status.equals("new") && ChronoUnit.DAYS.between(days[i], World.END) > 60) status = "contacted";
                String company = "Prospect " + (i + 1);
                t.row(i + 1, "lead" + (i + 1) + "@prospect.example", company, channel, campaign, rng.timeOn(days[i]), status, converted);
                leadStatus.add(status);
                leadDay.add(days[i]);
                leadCustomer.add(converted);
            }
        }
    }

    private final List<String> leadStatus = new ArrayList<>();
    private final List<LocalDate> leadDay = new ArrayList<>();
    private final List<Integer> leadCustomer = new ArrayList<>();

    private void sales() throws SQLException {
        Rng rng = new Rng("sales");
        String[][] stages = {{"Prospecting", "10"}, {"Discovery", "20"}, {"Demo", "40"}, {"Proposal", "60"}, {"Negotiation", "80"},
                {"Closed Won", "100"}, {"Closed Lost", "0"}};
        try (TableWriter t = sink.open("opportunity_stages")) {
            for (int i = 0; i < stages.length; i++) t.row(i + 1, stages[i][0], i + 1, Integer.parseInt(stages[i][1]));
        }
        List<Integer> reps = w.employeesByDepartment.get("Sales");
        try (TableWriter t = sink.open("opportunities")) {
            int id = 0;
            for (int i = 0; i < leadStatus.size(); i++) {
                String status = leadStatus.get(i);
                if (!status.equals("qualified") && !status.equals("converted")) continue;
                LocalDate created = leadDay.get(i).plusDays(rng.between(3, 20));
                if (created.isAfter(World.END)) continue;
                BigDecimal amount = TableWriter.dollars(rng.between(50L, 2_500L) * 10_000);
                Integer customer = leadCustomer.get(i);
                if (customer != null) {
                    LocalDate close = w.signupDates[customer - 1].isBefore(created) ? created : w.signupDates[customer - 1];
                    t.row(++id, i + 1, customer, rng.pick(reps), 6, amount, created, close, true, true);
                } else if (ChronoUnit.DAYS.between(created, World.END) < 120) {
                    t.row(++id, i + 1, null, rng.pick(reps), rng.between(1, 5), amount, created, null, false, false);
                } else {
                    LocalDate closed = created.plusDays(rng.between(20, 120));
                    if (closed.isAfter(World.END)) t.row(++id, i + 1, null, rng.pick(reps), 5, amount, created, null, false, false);
                    else t.row(++id, i + 1, null, rng.pick(reps), 7, amount, created, closed, true, false);
                }
            }
        }
        try (TableWriter t = sink.open("sales_quotas")) {
            for (int rep : reps) {
                long quota = rng.between(150L, 400L) * 1_000_00;
                for (LocalDate q = World.START; !q.isAfter(World.END); q = q.plusMonths(3)) t.row(rep, q, TableWriter.dollars(quota));
            }
        }
    }

    private void support() throws SQLException {
        Rng rng = new Rng("support");
        String[][] sla = {{"low", "48", "240"}, {"normal", "24", "120"}, {"high", "8", "48"}, {"urgent", "1", "12"}};
        try (TableWriter t = sink.open("sla_policies")) {
            for (String[] s : sla) t.row(s[0], Integer.parseInt(s[1]), Integer.parseInt(s[2]));
        }
        List<Integer> agents = w.employeesByDepartment.get("Customer Support");
        int n = w.scaled(15_000);
        LocalDateTime[] created = new LocalDateTime[n];
        for (int i = 0; i < n; i++) created[i] = rng.timeOn(rng.growingDate(World.START, World.END));
        Arrays.sort(created);
        try (TableWriter tickets = sink.open("support_tickets"); TableWriter comments = sink.open("ticket_comments");
             TableWriter csat = sink.open("csat_surveys")) {
            int commentId = 0, surveyId = 0;
            for (int i = 0; i < n; i++) {
                int id = i + 1;
                int customer = Math.max(1, w.customerBy(rng, created[i].toLocalDate()));
                int p = rng.weighted(40, 40, 15, 5);
                LocalDateTime firstResponse = created[i].plusMinutes(rng.between(5, Integer.parseInt(sla[p][1]) * 90));
                boolean recent = ChronoUnit.DAYS.between(created[i].toLocalDate(), World.END) < 10;
                LocalDateTime resolved = recent && rng.chance(0.6) ? null : created[i].plusHours(rng.between(1, Integer.parseInt(sla[p][2]) * 2));
                if (resolved != null && resolved.toLocalDate().isAfter(World.END)) resolved = null;
                String status = resolved == null ? (rng.chance(0.5) ? "open" : "pending") : (rng.chance(0.7) ? "closed" : "resolved");
                tickets.row(id, customer, rng.pick(agents), sla[p][0],
                        new String[] {"billing", "bug", "how-to", "account", "integration", "feature request"}[rng.weighted(20, 25, 25, 12, 10, 8)],
                        new String[] {"email", "chat", "phone", "web"}[rng.weighted(40, 35, 10, 15)], status, created[i],
                        firstResponse.toLocalDate().isAfter(World.END) ? null : firstResponse, resolved);
                int k = rng.between(1, 6);
                LocalDateTime at = created[i];
                for (int c = 0; c < k; c++) {
                    at = at.plusMinutes(rng.between(10, 900));
                    if (at.toLocalDate().isAfter(World.END)) break;
                    comments.row(++commentId, id, c % 2 == 0 ? "customer" : "agent", at, rng.between(40, 2_000));
                }
                if (resolved != null && rng.chance(0.4) && !resolved.toLocalDate().plusDays(1).isAfter(World.END)) {
                    csat.row(++surveyId, id, resolved.toLocalDate().plusDays(rng.between(0, 1)), 1 + rng.weighted(5, 7, 13, 35, 40));
                }
            }
        }
        try (TableWriter t = sink.open("nps_responses")) {
            int n2 = w.scaled(6_000);
            LocalDate[] days = new LocalDate[n2];
            for (int i = 0; i < n2; i++) {
                LocalDate d;
                do {
                    d = rng.growingDate(World.START, World.END);
                } while (NPS_GAPS.contains(YearMonth.from(d)));
                days[i] = d;
            }
            Arrays.sort(days);
            for (int i = 0; i < n2; i++) {
                int customer = Math.max(1, w.customerBy(rng, days[i]));
                List<Integer> users = w.usersOfCustomer.get(customer);
                Integer user = users != null && rng.chance(0.7) ? users.get(0) : null;
                int score = new int[] {0, 2, 4, 5, 6, 7, 8, 9, 10}[rng.weighted(2, 3, 4, 5, 8, 14, 20, 24, 20)];
                t.row(i + 1, customer, user, days[i], score,
                        rng.chance(0.3) ? null : new String[] {"ease of use", "price", "support", "performance", "integrations"}[rng.weighted(30, 20, 20, 15, 15)]);
            }
        }
    }
}
