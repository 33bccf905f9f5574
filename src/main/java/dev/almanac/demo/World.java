package dev.almanac.demo;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The entities generated so far that later tables refer to. Customers and app users are numbered in
 * the order they appeared, so "someone who existed by day D" is a uniform pick below a binary-searched
 * bound.
 */
final class World {
    static final LocalDate START = LocalDate.of(2021, 1, 1);
    static final LocalDate END = LocalDate.of(2026, 9, 30);
    /** Invoices and shop orders start here; earlier revenue lives only in legacy_revenue. */
    static final LocalDate BILLING_START = LocalDate.of(2023, 1, 1);
    /** fx_rates stops months before every other series. */
    static final LocalDate FX_END = LocalDate.of(2026, 3, 31);
    /** Subscriptions started before this were migrated from the legacy system: status is NULL. */
    static final LocalDate LEGACY_CUTOFF = LocalDate.of(2022, 1, 1);
    /** The quarter whose orders a migration bug loaded twice. */
    static final LocalDate DUPLICATE_FROM = LocalDate.of(2024, 4, 1);
    static final LocalDate DUPLICATE_TO = LocalDate.of(2024, 6, 30);

    final double scale;

    World(double scale) {
        this.scale = scale;
    }

    int scaled(int base) {
        return Math.max(1, (int) Math.round(base * scale));
    }

    // reference
    final List<String> countryCodes = new ArrayList<>();
    final Map<String, Integer> countryRegion = new HashMap<>();
    final List<Integer> countryWeights = new ArrayList<>();

    // organisation: employee ids per department name
    final Map<String, List<Integer>> employeesByDepartment = new HashMap<>();

    // customers, ordered by signup date (customer_id = index + 1)
    LocalDate[] signupDates;
    String[] customerCountry;
    int[] customerSizeBand;

    // app users, ordered by creation time (user_id = index + 1)
    LocalDateTime[] userCreated;
    int[] userCustomer;
    final Map<Integer, List<Integer>> usersOfCustomer = new HashMap<>();

    // customer contacts: ids per customer
    final Map<Integer, List<Integer>> contactsOfCustomer = new HashMap<>();

    // products (product_id = index + 1)
    long[] productPriceCents;
    LocalDate[] productLaunched;

    // campaigns (campaign_id = index + 1)
    final List<LocalDate[]> campaignWindows = new ArrayList<>();
    final List<Integer> campaignChannel = new ArrayList<>();

    /** Customers who had signed up by the given day (signup dates are sorted). */
    int customersBy(LocalDate day) {
        return countBefore(signupDates, day.plusDays(1));
    }

    /** App users created before the given moment (creation times are sorted). */
    int usersBy(LocalDateTime moment) {
        return countBefore(userCreated, moment);
    }

    /** How many of the sorted values are strictly before the bound. */
    private static <T extends Comparable<? super T>> int countBefore(T[] sorted, T bound) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid].compareTo(bound) < 0) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** A customer (id) who had signed up by the day, or 0 if none had. */
    int customerBy(Rng rng, LocalDate day) {
        int n = customersBy(day);
        return n == 0 ? 0 : rng.between(1, n);
    }
}
