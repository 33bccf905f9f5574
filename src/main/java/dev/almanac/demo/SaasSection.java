package dev.almanac.demo;

import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Plans, customers, users, subscriptions, MRR, invoices, payments, refunds and legacy revenue. */
final class SaasSection {
    static final String[] PLAN_NAMES = {"Free", "Starter", "Team", "Business", "Enterprise"};
    private static final int[] SEAT_PRICE_2021 = {0, 800, 1500, 3000, 5500};
    private static final int[] SEAT_PRICE_2024 = {0, 900, 1700, 3000, 5500};
    private static final LocalDate PRICE_CHANGE = LocalDate.of(2024, 1, 1);
    static final String[] SIZE_BANDS = {"1-10", "11-50", "51-200", "201-1000", "1000+"};
    private static final String[][] INDUSTRIES = {{"SOFT", "Software"}, {"RETL", "Retail"}, {"FIN", "Financial Services"},
            {"HLTH", "Healthcare"}, {"EDU", "Education"}, {"MFG", "Manufacturing"}, {"MEDIA", "Media"}, {"PROF", "Professional Services"},
            {"NPO", "Non-profit"}, {"LOG", "Logistics"}};
    private static final String[] CHANNELS = {"organic", "paid_search", "paid_social", "referral", "partner", "outbound", "events"};
    static final String[][] FEATURES = {{"Tasks", "core"}, {"Projects", "core"}, {"Comments", "collaboration"}, {"File sharing", "collaboration"},
            {"Calendar", "core"}, {"Timeline", "planning"}, {"Kanban boards", "planning"}, {"Reports", "analytics"}, {"Dashboards", "analytics"},
            {"Automations", "automation"}, {"Integrations", "automation"}, {"API", "automation"}, {"Guest access", "collaboration"},
            {"Time tracking", "planning"}, {"Goals", "planning"}, {"Forms", "core"}, {"SSO", "security"}, {"Audit log", "security"},
            {"Workload", "planning"}, {"Portfolios", "analytics"}};
    private static final String[] ADJ = {"Blue", "Bright", "Cedar", "Delta", "Ember", "Frontier", "Granite", "Harbor", "Ion", "Juniper",
            "Keystone", "Lumen", "Maple", "North", "Orbit", "Pioneer", "Quartz", "River", "Summit", "Tidal", "Union", "Vertex", "Willow", "Zenith"};
    private static final String[] NOUN = {"Labs", "Systems", "Foods", "Health", "Logistics", "Media", "Partners", "Robotics", "Studio",
            "Analytics", "Outfitters", "Energy", "Capital", "Works", "Academy", "Clinic", "Freight", "Design"};
    private static final String[] SUFFIX = {"Inc", "Ltd", "GmbH", "LLC", "Co", "SA", "Pty", "BV"};

    private final World w;
    private final DemoGenerator.Sink sink;

    SaasSection(World world, DemoGenerator.Sink sink) {
        this.w = world;
        this.sink = sink;
    }

    /** A subscription as simulated: at most one upgrade, at most one cancellation. */
    private static final class Sub {
        int id, customer, plan, upgradedPlan, seats;
        boolean annual;
        LocalDate start, upgradeOn, cancelOn;
        int price, upgradedPrice;

        int planOn(LocalDate day) {
            return upgradeOn != null && !day.isBefore(upgradeOn) ? upgradedPlan : plan;
        }

        long mrrCents(LocalDate day) {
            int p = upgradeOn != null && !day.isBefore(upgradeOn) ? upgradedPrice : price;
            long monthly = (long) seats * p;
            return annual ? monthly * 83 / 100 : monthly;
        }

        boolean activeAtEndOf(LocalDate monthStart) {
            LocalDate monthEnd = monthStart.with(TemporalAdjusters.lastDayOfMonth());
            return !start.isAfter(monthEnd) && (cancelOn == null || cancelOn.isAfter(monthEnd));
        }
    }

    void write() throws SQLException {
        plans();
        customers();
        List<Sub> subs = subscriptions();
        billing(subs);
        legacyRevenue(subs);
    }

    static int seatPrice(int plan, LocalDate day) {
        return day.isBefore(PRICE_CHANGE) ? SEAT_PRICE_2021[plan - 1] : SEAT_PRICE_2024[plan - 1];
    }

    private void plans() throws SQLException {
        try (TableWriter t = sink.open("plans")) {
            for (int i = 0; i < PLAN_NAMES.length; i++) t.row(i + 1, PLAN_NAMES[i], i, SEAT_PRICE_2024[i], i < 4);
        }
        try (TableWriter t = sink.open("features")) {
            for (int i = 0; i < FEATURES.length; i++) t.row(i + 1, FEATURES[i][0], FEATURES[i][1]);
        }
        try (TableWriter t = sink.open("plan_features")) {
            int[] featuresPerPlan = {5, 9, 14, 18, 20};
            for (int p = 0; p < PLAN_NAMES.length; p++) for (int f = 0; f < featuresPerPlan[p]; f++) t.row(p + 1, f + 1);
        }
        try (TableWriter t = sink.open("plan_price_history")) {
            for (int p = 0; p < PLAN_NAMES.length; p++) {
                t.row(p + 1, LocalDate.of(2019, 1, 1), SEAT_PRICE_2021[p]);
                if (SEAT_PRICE_2021[p] != SEAT_PRICE_2024[p]) t.row(p + 1, PRICE_CHANGE, SEAT_PRICE_2024[p]);
            }
        }
        try (TableWriter t = sink.open("industries")) {
            for (String[] i : INDUSTRIES) t.row(i[0], i[1]);
        }
    }

    private void customers() throws SQLException {
        Rng rng = new Rng("customers");
        int n = w.scaled(4000);
        LocalDate[] dates = new LocalDate[n];
        for (int i = 0; i < n; i++) dates[i] = rng.growingDate(World.START, World.END);
        Arrays.sort(dates);
        w.signupDates = dates;
        w.customerCountry = new String[n];
        w.customerSizeBand = new int[n];
        int[] countryWeights = w.countryWeights.stream().mapToInt(Integer::intValue).toArray();
        List<Integer> sales = w.employeesByDepartment.get("Sales");
        List<LocalDateTime> created = new ArrayList<>();
        List<Integer> owners = new ArrayList<>();
        try (TableWriter t = sink.open("customers"); TableWriter contacts = sink.open("customer_contacts")) {
            int contactId = 0;
            for (int i = 0; i < n; i++) {
                int id = i + 1;
                String name = rng.pick(ADJ) + " " + rng.pick(NOUN) + " " + rng.pick(SUFFIX);
                int band = rng.weighted(40, 30, 17, 9, 4);
                String country = w.countryCodes.get(rng.weighted(countryWeights));
                w.customerCountry[i] = country;
                w.customerSizeBand[i] = band;
                Integer owner = band == 0 && rng.chance(0.6) ? null : rng.pick(sales);
                boolean deleted = rng.chance(0.04);
                LocalDateTime deletedAt = deleted ? rng.timeOn(rng.date(dates[i], World.END)) : null;
                t.row(id, name, rng.pick(INDUSTRIES)[0], SIZE_BANDS[band], country, dates[i],
                        CHANNELS[rng.weighted(30, 22, 12, 14, 8, 9, 5)], owner, deleted, deletedAt);
                int nContacts = rng.between(1, 3);
                List<Integer> ids = new ArrayList<>();
                for (int k = 0; k < nContacts; k++) {
                    String first = rng.pick(DemoGenerator.FIRST);
                    String last = rng.pick(DemoGenerator.LAST);
                    contacts.row(++contactId, id, first + " " + last, (first + "." + last).toLowerCase(Locale.ROOT).replace("ü", "u") + "@customer" + id + ".example",
                            rng.pick(new String[] {"admin", "billing", "champion", "executive", "it"}), k == 0);
                    ids.add(contactId);
                }
                w.contactsOfCustomer.put(id, ids);
                int[][] usersPerBand = {{1, 4}, {2, 8}, {3, 12}, {5, 20}, {8, 30}};
                int users = rng.between(usersPerBand[band][0], usersPerBand[band][1]);
                long room = Math.max(0, Math.min(400, ChronoUnit.DAYS.between(dates[i], World.END)));
                for (int u = 0; u < users; u++) {
                    created.add(rng.timeOn(dates[i].plusDays(u == 0 ? 0 : rng.between(0L, room))));
                    owners.add(id);
                }
            }
        }
        Integer[] order = new Integer[created.size()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, Comparator.<Integer, LocalDateTime>comparing(created::get).thenComparing(owners::get).thenComparing(i -> i));
        w.userCreated = new LocalDateTime[order.length];
        w.userCustomer = new int[order.length];
        try (TableWriter t = sink.open("app_users")) {
            for (int k = 0; k < order.length; k++) {
                int userId = k + 1;
                int customer = owners.get(order[k]);
                w.userCreated[k] = created.get(order[k]);
                w.userCustomer[k] = customer;
                w.usersOfCustomer.computeIfAbsent(customer, x -> new ArrayList<>()).add(userId);
                boolean first = w.usersOfCustomer.get(customer).size() == 1;
                t.row(userId, customer, "user" + userId + "@customer" + customer + ".example",
                        first ? "owner" : (rng.chance(0.15) ? "admin" : "member"), w.userCreated[k]);
            }
        }
    }

    private List<Sub> subscriptions() throws SQLException {
        Rng rng = new Rng("subscriptions");
        List<Sub> subs = new ArrayList<>();
        int[][] seatsPerBand = {{1, 8}, {5, 40}, {20, 120}, {50, 300}, {100, 600}};
        try (TableWriter trials = sink.open("trials")) {
            int trialId = 0;
            for (int i = 0; i < w.signupDates.length; i++) {
                int customer = i + 1;
                int band = w.customerSizeBand[i];
                if (!rng.chance(0.88)) {
                    if (rng.chance(0.9)) {
                        trials.row(++trialId, customer, 3, w.signupDates[i], w.signupDates[i].plusDays(14), false);
                    }
                    continue;
                }
                Sub s = new Sub();
                s.id = subs.size() + 1;
                s.customer = customer;
                s.plan = band >= 3 && rng.chance(0.35) ? 5 : 1 + rng.weighted(22, 36, 28, 14);
                // paid plans often start with a converted trial; many free accounts trialled Team and stayed free
                boolean trial = s.plan > 1 ? rng.chance(0.55) : rng.chance(0.7);
                s.start = trial ? w.signupDates[i].plusDays(14) : w.signupDates[i];
                if (s.start.isAfter(World.END)) s.start = World.END;
                if (trial) trials.row(++trialId, customer, s.plan > 1 ? s.plan : 3, w.signupDates[i], s.start, s.plan > 1);
                s.seats = s.plan == 1 ? rng.between(1, 5) : rng.between(seatsPerBand[band][0], seatsPerBand[band][1]);
                s.annual = s.plan == 5 || (s.plan > 1 && rng.chance(0.3));
                s.price = seatPrice(s.plan, s.start);
                double churn = s.plan == 1 ? 0.045 : s.plan == 5 ? 0.006 : 0.017;
                int months = rng.monthsUntil(churn);
                LocalDate cancel = s.start.plusMonths(months + 1).minusDays(rng.between(0, 27));
                s.cancelOn = cancel.isAfter(World.END) || !cancel.isAfter(s.start) ? null : cancel;
                LocalDate last = s.cancelOn == null ? World.END : s.cancelOn;
                if (s.plan > 1 && s.plan < 5 && rng.chance(0.18) && ChronoUnit.DAYS.between(s.start, last) > 60) {
                    s.upgradeOn = rng.date(s.start.plusDays(30), last.minusDays(1));
                    s.upgradedPlan = s.plan + 1;
                    s.upgradedPrice = seatPrice(s.upgradedPlan, s.upgradeOn);
                }
                subs.add(s);
            }
        }
        try (TableWriter t = sink.open("subscriptions"); TableWriter ev = sink.open("subscription_events")) {
            int eventId = 0;
            for (Sub s : subs) {
                LocalDate now = s.cancelOn == null ? World.END : s.cancelOn.minusDays(1);
                String status = s.start.isBefore(World.LEGACY_CUTOFF) ? null
                        : s.cancelOn != null ? "canceled" : (s.customer % 31 == 0 ? "past_due" : "active");
                t.row(s.id, s.customer, s.planOn(now), s.annual ? "annual" : "monthly", s.seats, s.mrrCents(now), s.start, s.cancelOn, status);
                ev.row(++eventId, s.id, "created", s.start, null, s.plan, s.mrrCents(s.start));
                if (s.upgradeOn != null) {
                    ev.row(++eventId, s.id, "upgraded", s.upgradeOn, s.plan, s.upgradedPlan, s.mrrCents(s.upgradeOn) - s.mrrCents(s.upgradeOn.minusDays(1)));
                }
                if (s.cancelOn != null) ev.row(++eventId, s.id, "canceled", s.cancelOn, s.planOn(now), null, -s.mrrCents(now));
            }
        }
        try (TableWriter t = sink.open("mrr_snapshots")) {
            for (LocalDate m = World.START; !m.isAfter(World.END); m = m.plusMonths(1)) {
                LocalDate monthEnd = m.with(TemporalAdjusters.lastDayOfMonth());
                for (Sub s : subs) {
                    if (s.activeAtEndOf(m)) t.row(m, s.id, s.customer, s.planOn(monthEnd), s.mrrCents(monthEnd));
                }
            }
        }
        return subs;
    }

    private void billing(List<Sub> subs) throws SQLException {
        Rng rng = new Rng("billing");
        try (TableWriter coupons = sink.open("coupons")) {
            for (int i = 1; i <= 12; i++) {
                LocalDate from = LocalDate.of(2021, 1, 1).plusMonths(i * 5L);
                coupons.row(i, "SAVE" + (5 * (1 + i % 4)) + "-" + (100 + i), 5 * (1 + i % 4), from, from.plusMonths(3));
            }
        }
        int[] methodOf = new int[w.signupDates.length + 1];
        try (TableWriter methods = sink.open("payment_methods"); TableWriter redemptions = sink.open("coupon_redemptions")) {
            int methodId = 0;
            int redemptionId = 0;
            for (Sub s : subs) {
                if (s.mrrCents(s.start) == 0 && s.upgradeOn == null) continue;
                int type = rng.weighted(70, 15, 8, 7);
                String[] types = {"card", "ach", "wire", "paypal"};
                methodOf[s.customer] = ++methodId;
                methods.row(methodId, s.customer, types[type], type == 0 ? rng.pick(new String[] {"visa", "mastercard", "amex"}) : null, s.start);
                if (rng.chance(0.06)) {
                    int coupon = Math.min(12, Math.max(1, (int) (ChronoUnit.MONTHS.between(LocalDate.of(2021, 1, 1), s.start) / 5)));
                    redemptions.row(++redemptionId, coupon, s.customer, s.start);
                }
            }
        }
        try (TableWriter invoices = sink.open("invoices"); TableWriter lines = sink.open("invoice_line_items");
             TableWriter payments = sink.open("payments"); TableWriter refunds = sink.open("refunds");
             TableWriter credits = sink.open("credit_notes")) {
            int invoiceId = 0, lineId = 0, paymentId = 0, refundId = 0, creditId = 0;
            for (Sub s : subs) {
                int step = s.annual ? 12 : 1;
                for (int k = 0; ; k += step) {
                    LocalDate d = s.start.plusMonths(k);
                    if (d.isAfter(World.END) || (s.cancelOn != null && !d.isBefore(s.cancelOn))) break;
                    if (d.isBefore(World.BILLING_START)) continue;
                    long cents = s.mrrCents(d) * step;
                    if (cents == 0) continue;
                    int id = ++invoiceId;
                    String status = ChronoUnit.DAYS.between(d, World.END) < 14 && rng.chance(0.6) ? "open"
                            : new String[] {"paid", "void", "uncollectible", "open"}[rng.weighted(94, 3, 2, 1)];
                    // payment attempts, decided first: a payment that would land after the data ends leaves the invoice open
                    List<LocalDateTime> failedAt = new ArrayList<>();
                    LocalDateTime paidAt = null;
                    if (status.equals("paid") || status.equals("uncollectible")) {
                        int failures = status.equals("uncollectible") ? rng.between(1, 3) : (rng.chance(0.05) ? 1 : 0);
                        LocalDateTime when = rng.timeOn(d);
                        for (int f = 0; f < failures; f++) {
                            if (!when.toLocalDate().isAfter(World.END)) failedAt.add(when);
                            when = when.plusDays(rng.between(2, 5));
                        }
                        if (status.equals("paid")) {
                            when = when.plusDays(rng.between(0, 9));
                            if (when.toLocalDate().isAfter(World.END)) status = "open";
                            else paidAt = when;
                        }
                    }
                    invoices.row(id, s.customer, s.id, d, d.plusDays(s.annual ? 30 : 14), d, s.start.plusMonths(k + step).minusDays(1),
                            TableWriter.dollars(cents), status);
                    int plan = s.planOn(d);
                    if (rng.chance(0.25)) {
                        long addon = cents / 10;
                        lines.row(++lineId, id, PLAN_NAMES[plan - 1] + " plan, " + s.seats + " seats", plan, s.seats, TableWriter.dollars(cents - addon));
                        lines.row(++lineId, id, "Priority support add-on", null, 1, TableWriter.dollars(addon));
                    } else {
                        lines.row(++lineId, id, PLAN_NAMES[plan - 1] + " plan, " + s.seats + " seats", plan, s.seats, TableWriter.dollars(cents));
                    }
                    if (rng.chance(0.01)) {
                        LocalDate issued = d.plusDays(rng.between(3, 40));
                        if (!issued.isAfter(World.END)) {
                            credits.row(++creditId, id, issued, TableWriter.dollars(cents / 5), rng.pick(new String[] {"service outage", "billing error", "goodwill"}));
                        }
                    }
                    for (LocalDateTime when : failedAt) payments.row(++paymentId, id, s.customer, methodOf[s.customer], when, cents, "failed");
                    if (paidAt != null) {
                        payments.row(++paymentId, id, s.customer, methodOf[s.customer], paidAt, cents, "succeeded");
                        if (rng.chance(0.025)) {
                            long refundCents = rng.chance(0.6) ? cents : cents / 2;
                            LocalDateTime refundedAt = paidAt.plusDays(rng.between(1, 40));
                            if (!refundedAt.toLocalDate().isAfter(World.END)) {
                                refunds.row(++refundId, paymentId, refundedAt, TableWriter.dollars(refundCents),
                                        rng.pick(new String[] {"customer request", "duplicate charge", "service issue", "downgrade proration"}));
                            }
                        }
                    }
                }
            }
        }
    }

    /** 2021-2022 revenue, which exists only here: subscription revenue recognised monthly, and shop revenue. */
    private void legacyRevenue(List<Sub> subs) throws SQLException {
        Rng rng = new Rng("legacy_revenue");
        Map<String, long[]> byKey = new TreeMap<>();
        for (LocalDate m = World.START; m.isBefore(World.BILLING_START); m = m.plusMonths(1)) {
            LocalDate monthEnd = m.with(TemporalAdjusters.lastDayOfMonth());
            for (Sub s : subs) {
                long mrr = s.activeAtEndOf(m) ? s.mrrCents(monthEnd) : 0;
                if (mrr > 0) byKey.computeIfAbsent(key(s.customer, m, "subscription"), k -> new long[1])[0] += mrr;
            }
            // shop volume grows through 2021-2022 to meet the 2023 orders table without a cliff
            int shopOrders = w.scaled(100 + 7 * (int) ChronoUnit.MONTHS.between(World.START, m));
            for (int k = 0; k < shopOrders; k++) {
                int customer = w.customerBy(rng, monthEnd);
                if (customer == 0) continue;
                byKey.computeIfAbsent(key(customer, m, "shop"), x -> new long[1])[0] += rng.between(2_000L, 90_000L);
            }
        }
        try (TableWriter t = sink.open("legacy_revenue")) {
            int id = 0;
            for (Map.Entry<String, long[]> e : byKey.entrySet()) {
                String[] parts = e.getKey().split("\\|");
                t.row(++id, Integer.parseInt(parts[1]), LocalDate.parse(parts[0]), parts[2], TableWriter.dollars(e.getValue()[0]));
            }
        }
    }

    private static String key(int customer, LocalDate month, String line) {
        return month + "|" + String.format("%07d", customer) + "|" + line;
    }
}
