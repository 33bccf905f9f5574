package dev.almanac.semantic;

import dev.almanac.UserError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plans the joins a metric needs, walking only declared many-to-one (and one-to-one) relationships
 * outward from the metric's dataset, so that no fact row is ever repeated. A dataset reachable only
 * against a relationship's direction would fan out: refused, naming the two datasets. When several
 * shortest paths reach a dataset, the query must say which with {@code via}.
 */
final class JoinPlanner {
    private static final int MAX_DEPTH = 6;
    private final SemanticModel model;

    JoinPlanner(SemanticModel model) {
        this.model = model;
    }

    /** A dataset the query needs columns of, the relationships its path must go through, and why (for messages). */
    record Need(String dataset, List<String> via, String what) {}

    /** One join: {@code alias} reads {@code edge.to()} joined to {@code parent} ("f" is the facts). */
    record Step(String alias, String parent, SemanticModel.Edge edge) {}

    /** The joins of one metric, parents first, and which alias serves each need. */
    record Tree(List<Step> steps, Map<String, String> aliases) {
        String aliasOf(String dataset, List<String> via) {
            String a = aliases.get(dataset + "|" + via);
            if (a == null) throw new IllegalStateException("no join planned for " + dataset + " via " + via);
            return a;
        }
    }

    /** The datasets a metric over {@code fact} can read columns of without repeating a fact row: the fact and what its many-to-one paths reach. */
    Set<String> reachable(String fact) {
        List<List<SemanticModel.Edge>> paths = new ArrayList<>();
        walk(fact, new ArrayList<>(), new HashSet<>(Set.of(fact)), paths);
        Set<String> out = new HashSet<>(Set.of(fact));
        for (List<SemanticModel.Edge> p : paths) out.add(p.get(p.size() - 1).to());
        return out;
    }

    Tree plan(String fact, List<Need> needs, String metric) {
        List<List<SemanticModel.Edge>> paths = new ArrayList<>();
        walk(fact, new ArrayList<>(), new HashSet<>(Set.of(fact)), paths);
        Map<String, String> aliasOfPrefix = new LinkedHashMap<>();
        List<Step> steps = new ArrayList<>();
        Map<String, String> aliases = new HashMap<>();
        for (Need need : needs) {
            String key = need.dataset() + "|" + need.via();
            if (aliases.containsKey(key)) continue;
            if (need.dataset().equals(fact) && need.via().isEmpty()) {
                aliases.put(key, "f");
                continue;
            }
            List<List<SemanticModel.Edge>> candidates = paths.stream()
                    .filter(p -> p.get(p.size() - 1).to().equals(need.dataset()))
                    .filter(p -> p.stream().map(e -> e.relationship().name()).collect(Collectors.toSet()).containsAll(need.via()))
                    .toList();
            if (candidates.isEmpty()) throw unreachable(fact, need, metric);
            int shortest = candidates.stream().mapToInt(List::size).min().orElseThrow();
            List<List<SemanticModel.Edge>> best = candidates.stream().filter(p -> p.size() == shortest).toList();
            if (best.size() > 1) {
                throw new UserError("two ways to join " + fact + " to " + need.dataset() + " for " + need.what() + ": "
                        + best.stream().map(JoinPlanner::describe).collect(Collectors.joining("; or "))
                        + ". Say which, e.g. '" + need.what().replaceFirst("^\\w+ ", "") + " via " + best.get(0).get(best.get(0).size() - 1).relationship().name() + "'");
            }
            String parent = "f";
            StringBuilder prefix = new StringBuilder();
            for (SemanticModel.Edge e : best.get(0)) {
                prefix.append('/').append(e.relationship().name()).append(e.from().equals(e.relationship().from()) ? ">" : "<");
                String alias = aliasOfPrefix.get(prefix.toString());
                if (alias == null) {
                    alias = "j" + (aliasOfPrefix.size() + 1);
                    aliasOfPrefix.put(prefix.toString(), alias);
                    steps.add(new Step(alias, parent, e));
                }
                parent = alias;
            }
            aliases.put(key, parent);
        }
        return new Tree(List.copyOf(steps), Map.copyOf(aliases));
    }

    private void walk(String at, List<SemanticModel.Edge> path, Set<String> seen, List<List<SemanticModel.Edge>> out) {
        if (path.size() >= MAX_DEPTH) return;
        for (SemanticModel.Edge e : model.edgesFrom(at)) {
            if (seen.contains(e.to())) continue;
            path.add(e);
            seen.add(e.to());
            out.add(List.copyOf(path));
            walk(e.to(), path, seen, out);
            seen.remove(e.to());
            path.remove(path.size() - 1);
        }
    }

    private UserError unreachable(String fact, Need need, String metric) {
        if (!need.via().isEmpty()) {
            return new UserError("no join from " + fact + " to " + need.dataset() + " goes through " + String.join(", ", need.via()) + " (for " + need.what() + ")");
        }
        // reachable when relationships are walked both ways? then the only path crosses one from its "one" side: a fan-out
        List<String> path = undirectedPath(fact, need.dataset());
        if (path != null) {
            return new UserError("refused: " + need.what() + " lives on " + need.dataset() + ", and joining it to " + fact + " (the facts of metric "
                    + metric + ") would repeat rows of " + fact + " (" + String.join(" ", path) + "), counting them more than once"
                    + alternatives(need.dataset(), need.what()));
        }
        return new UserError(need.what() + " (on " + need.dataset() + ") is not related to " + fact + ", the dataset of metric " + metric
                + ": no relationship joins them");
    }

    /** The metrics that do reach a dataset many-to-one, to suggest instead ("; metrics that can be: a, b, c"). */
    private String alternatives(String dataset, String what) {
        List<String> names = new ArrayList<>();
        for (SemanticMetric m : model.metrics()) {
            if (!(m instanceof SemanticMetric.Simple s) || names.size() >= 3) continue;
            List<List<SemanticModel.Edge>> paths = new ArrayList<>();
            walk(s.dataset(), new ArrayList<>(), new HashSet<>(Set.of(s.dataset())), paths);
            if (s.dataset().equals(dataset) || paths.stream().anyMatch(p -> p.get(p.size() - 1).to().equals(dataset))) names.add(m.name());
        }
        return names.isEmpty() ? "" : "; metrics that can be sliced by " + what.replaceFirst("^\\w+ ", "") + ": " + String.join(", ", names);
    }

    /** A path ignoring direction, as "a -> b <- c" (an arrow points to the one side); null when unrelated. */
    private List<String> undirectedPath(String from, String to) {
        Map<String, String> cameFrom = new HashMap<>();
        Map<String, String> how = new HashMap<>();
        List<String> queue = new ArrayList<>(List.of(from));
        cameFrom.put(from, null);
        for (int i = 0; i < queue.size(); i++) {
            String at = queue.get(i);
            for (Relationship r : model.relationships()) {
                String next = r.from().equals(at) ? r.to() : r.to().equals(at) ? r.from() : null;
                if (next == null || cameFrom.containsKey(next)) continue;
                cameFrom.put(next, at);
                how.put(next, r.from().equals(at) ? "->" : "<-");
                queue.add(next);
            }
        }
        if (!cameFrom.containsKey(to)) return null;
        List<String> out = new ArrayList<>();
        for (String at = to; at != null; at = cameFrom.get(at)) {
            out.add(0, at);
            if (cameFrom.get(at) != null) out.add(0, how.get(at));
        }
        return out;
    }

    private static String describe(List<SemanticModel.Edge> path) {
        return path.get(0).from() + path.stream().map(e -> " -(" + e.relationship().name() + ")-> " + e.to()).collect(Collectors.joining());
    }
}
