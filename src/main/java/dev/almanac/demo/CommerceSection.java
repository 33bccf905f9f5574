package dev.almanac.demo;

import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** The shop: catalog, suppliers, warehouses, inventory, orders (with the duplicated quarter), shipments, returns. */
final class CommerceSection {
    private static final String[] CATEGORIES = {"Keyboards", "Monitors", "Headsets", "Webcams", "Desks and chairs", "Docking stations",
            "Merchandise", "Gift cards"};
    private static final int[][] PRICE_RANGE = {{4_900, 24_900}, {14_900, 89_900}, {2_900, 29_900}, {3_900, 19_900},
            {19_900, 99_900}, {8_900, 34_900}, {900, 4_900}, {2_500, 20_000}};
    private static final String[] CARRIERS = {"UPS", "DHL", "FedEx", "PostNL"};
    /** Delivery time range in hours per carrier: carriers differ in speed. */
    private static final int[][] CARRIER_HOURS = {{30, 150}, {36, 200}, {24, 120}, {48, 280}};
    private static final String[] PRODUCT_WORDS = {"Pro", "Air", "Max", "Mini", "Studio", "Flex", "One", "Plus", "Go", "Edge"};

    private final World w;
    private final DemoGenerator.Sink sink;

    CommerceSection(World world, DemoGenerator.Sink sink) {
        this.w = world;
        this.sink = sink;
    }

    private record Order(int id, String number, int customer, LocalDateTime at, String status, String channel, String country, long cents) {}

    void write() throws SQLException {
        Rng rng = new Rng("commerce");
        try (TableWriter t = sink.open("product_categories")) {
            for (int i = 0; i < CATEGORIES.length; i++) t.row(i + 1, CATEGORIES[i]);
        }
        String[][] suppliers = {{"Shenzhen Peripherals", "SG"}, {"Nordic Furniture", "DE"}, {"Pacific Displays", "JP"}, {"Atlas Apparel", "US"},
                {"Maple Electronics", "CA"}, {"Iberia Print", "ES"}, {"Delta Audio", "NL"}, {"Sol Components", "MX"}, {"Thames Supply", "GB"},
                {"Bharat Devices", "IN"}, {"Koala Goods", "AU"}, {"Rio Crafts", "BR"}};
        try (TableWriter t = sink.open("suppliers")) {
            for (int i = 0; i < suppliers.length; i++) t.row(i + 1, suppliers[i][0], suppliers[i][1]);
        }
        String[][] warehouses = {{"Reno", "US"}, {"Rotterdam", "NL"}, {"Singapore", "SG"}, {"Toronto", "CA"}};
        try (TableWriter t = sink.open("warehouses")) {
            for (int i = 0; i < warehouses.length; i++) t.row(i + 1, warehouses[i][0] + " DC", warehouses[i][1]);
        }
        int products = 240;
        w.productPriceCents = new long[products];
        w.productLaunched = new LocalDate[products];
        try (TableWriter t = sink.open("products")) {
            for (int i = 0; i < products; i++) {
                int cat = i % CATEGORIES.length;
                long price = rng.between(PRICE_RANGE[cat][0], PRICE_RANGE[cat][1]) / 100 * 100 - 1;
                long cost = price * rng.between(35, 70) / 100;
                LocalDate launched = rng.date(LocalDate.of(2020, 6, 1), World.END.minusMonths(2));
                w.productPriceCents[i] = price;
                w.productLaunched[i] = launched;
                t.row(i + 1, String.format("BL-%02d-%04d", cat + 1, i + 1), CATEGORIES[cat].split(" ")[0] + " " + rng.pick(PRODUCT_WORDS) + " " + (i + 1),
                        cat + 1, 1 + rng.between(0, suppliers.length - 1), TableWriter.dollars(price), TableWriter.dollars(cost), launched, !rng.chance(0.1));
            }
        }
        try (TableWriter t = sink.open("inventory_snapshots")) {
            long[][] onHand = new long[warehouses.length][products];
            for (LocalDate m = World.BILLING_START; !m.isAfter(World.END); m = m.plusMonths(1)) {
                for (int wh = 0; wh < warehouses.length; wh++) {
                    for (int p = 0; p < products; p++) {
                        if (w.productLaunched[p].isAfter(m)) continue;
                        onHand[wh][p] = Math.max(0, onHand[wh][p] == 0 ? rng.between(20, 400) : onHand[wh][p] + rng.between(-60, 60));
                        t.row(m, wh + 1, p + 1, (int) onHand[wh][p]);
                    }
                }
            }
        }
        orders(rng, warehouses.length);
    }

    private void orders(Rng rng, int warehouseCount) throws SQLException {
        int n = w.scaled(30_000);
        List<LocalDateTime> times = new ArrayList<>(n);
        // the shop already traded before 2023 (see legacy_revenue): a steady base plus growth
        for (int i = 0; i < n; i++) {
            LocalDate day = rng.chance(0.4) ? rng.date(World.BILLING_START, World.END) : rng.growingDate(World.BILLING_START, World.END);
            times.add(rng.timeOn(day));
        }
        times.sort(null);
        List<Order> duplicates = new ArrayList<>();
        int itemId = 0, shipmentId = 0, returnId = 0;
        try (TableWriter orders = sink.open("orders"); TableWriter items = sink.open("order_items");
             TableWriter shipments = sink.open("shipments"); TableWriter returns = sink.open("returns")) {
            for (int i = 0; i < n; i++) {
                int id = i + 1;
                LocalDateTime at = times.get(i);
                int customer = w.customerBy(rng, at.toLocalDate());
                String status = at.toLocalDate().isAfter(World.END.minusDays(5)) && rng.chance(0.5) ? "pending"
                        : new String[] {"completed", "canceled", "refunded"}[rng.weighted(91, 6, 3)];
                String channel = new String[] {"web", "mobile", "sales"}[rng.weighted(60, 25, 15)];
                int lines = 1 + rng.weighted(50, 28, 14, 8);
                long total = 0;
                List<Object[]> rows = new ArrayList<>();
                for (int k = 0; k < lines; k++) {
                    int product;
                    do {
                        product = rng.between(0, w.productPriceCents.length - 1);
                    } while (w.productLaunched[product].isAfter(at.toLocalDate()));
                    int qty = 1 + rng.weighted(70, 20, 7, 3);
                    int discount = new int[] {0, 5, 10, 20}[rng.weighted(75, 10, 10, 5)];
                    long price = w.productPriceCents[product];
                    total += (price * qty * (100 - discount) + 50) / 100;
                    rows.add(new Object[] {++itemId, id, product + 1, qty, TableWriter.dollars(price), discount});
                }
                Order order = new Order(id, String.format("SO-%07d", id), customer, at, status, channel, w.customerCountry[customer - 1], total);
                orders.row(order.id(), order.number(), order.customer(), order.at(), order.status(), order.channel(), order.country(), TableWriter.dollars(order.cents()));
                for (Object[] r : rows) items.row(r);
                if (!status.equals("canceled") && !status.equals("pending")) {
                    LocalDateTime shipped = at.plusHours(rng.between(6, 72));
                    int carrier = rng.weighted(35, 30, 25, 10);
                    LocalDateTime delivered = shipped.plusHours(rng.between(CARRIER_HOURS[carrier][0], CARRIER_HOURS[carrier][1]));
                    int region = w.countryRegion.get(order.country());
                    int warehouse = region == 1 ? (order.country().equals("CA") ? 4 : 1) : region == 2 ? 2 : region == 3 ? 3 : 1;
                    if (!shipped.toLocalDate().isAfter(World.END)) {
                        shipments.row(++shipmentId, id, Math.min(warehouse, warehouseCount), CARRIERS[carrier],
                                shipped, delivered.toLocalDate().isAfter(World.END) ? null : delivered);
                    }
                    for (Object[] r : rows) {
                        if (status.equals("completed") && rng.chance(0.04)) {
                            LocalDate returned = at.toLocalDate().plusDays(rng.between(5, 30));
                            String reason = rng.pick(new String[] {"damaged", "wrong item", "changed mind", "not as described"});
                            if (!returned.isAfter(World.END)) returns.row(++returnId, r[0], returned, 1, reason);
                        }
                    }
                }
                LocalDate day = at.toLocalDate();
                if (!day.isBefore(World.DUPLICATE_FROM) && !day.isAfter(World.DUPLICATE_TO) && rng.chance(0.12)) duplicates.add(order);
            }
            // the migration bug: part of one quarter's orders was loaded a second time under new ids
            int nextId = n;
            for (Order o : duplicates) {
                orders.row(++nextId, o.number(), o.customer(), o.at(), o.status(), o.channel(), o.country(), TableWriter.dollars(o.cents()));
            }
        }
    }
}
