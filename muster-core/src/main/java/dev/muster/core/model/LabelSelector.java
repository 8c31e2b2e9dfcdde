package dev.muster.core.model;

import java.util.List;
import java.util.Map;

/**
 * A Kubernetes label selector. {@link #NOTHING} stands for an absent selector where Kubernetes
 * gives that meaning (a ClusterQueue without {@code namespaceSelector} admits from no namespace);
 * an empty selector matches everything.
 */
public record LabelSelector(Map<String, String> matchLabels, List<Requirement> matchExpressions, boolean matchesNothing) {

    public static final LabelSelector EVERYTHING = new LabelSelector(Map.of(), List.of(), false);
    public static final LabelSelector NOTHING = new LabelSelector(Map.of(), List.of(), true);

    public LabelSelector {
        matchLabels = Map.copyOf(matchLabels);
        matchExpressions = List.copyOf(matchExpressions);
    }

    public static LabelSelector of(Map<String, String> matchLabels, List<Requirement> matchExpressions) {
        return new LabelSelector(matchLabels, matchExpressions, false);
    }

    public boolean matches(Map<String, String> labels) {
        if (matchesNothing) {
            return false;
        }
        for (Map.Entry<String, String> e : matchLabels.entrySet()) {
            if (!e.getValue().equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        for (Requirement r : matchExpressions) {
            if (!r.matches(labels)) {
                return false;
            }
        }
        return true;
    }

    /** One {@code matchExpressions} entry: operators In, NotIn, Exists, DoesNotExist. */
    public record Requirement(String key, String operator, List<String> values) {
        public Requirement {
            values = List.copyOf(values);
        }

        public boolean matches(Map<String, String> labels) {
            String v = labels.get(key);
            return switch (operator) {
                case "In" -> v != null && values.contains(v);
                case "NotIn" -> v == null || !values.contains(v);
                case "Exists" -> v != null;
                case "DoesNotExist" -> v == null;
                default -> false;
            };
        }
    }
}
