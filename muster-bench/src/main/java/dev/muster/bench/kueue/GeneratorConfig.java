package dev.muster.bench.kueue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.WithinClusterQueue;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.QuantityFormatException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Kueue's scheduler performance-test generator config ({@code test/performance/scheduler/configs/
 * *&#47;generator.yaml}): cohort sets × queue sets × workload sets. Only the plain (non-TAS) format is
 * read; a config with {@code topology}, {@code dra} or per-workload TAS fields is refused with a
 * message, since topology-aware placement is not what this replay measures.
 */
public record GeneratorConfig(List<CohortSet> cohorts) {

    public GeneratorConfig {
        cohorts = List.copyOf(cohorts);
    }

    /** {@code cohorts[]}: {@code count} cohorts named {@code <className>-<i>}, each with the same queue sets. */
    public record CohortSet(String className, int count, List<QueuesSet> queuesSets) {
        public CohortSet {
            queuesSets = List.copyOf(queuesSets);
        }
    }

    /**
     * {@code queuesSets[]}: {@code count} ClusterQueues in each cohort, one flavor, resource cpu.
     *
     * @param borrowingLimit empty when the config leaves it out (borrow whatever the cohort lends)
     */
    public record QueuesSet(
            String className,
            int count,
            Quantity nominalQuota,
            Optional<Quantity> borrowingLimit,
            ReclaimWithinCohort reclaimWithinCohort,
            WithinClusterQueue withinClusterQueue,
            List<WorkloadsSet> workloadsSets) {
        public QueuesSet {
            workloadsSets = List.copyOf(workloadsSets);
        }
    }

    /**
     * {@code workloadsSets[]}: per ClusterQueue, {@code count} rounds; each round creates every
     * template in order, one workload every {@code creationIntervalMs} (Kueue's runner waits the
     * interval before each creation, so the first workload appears at {@code creationIntervalMs}).
     */
    public record WorkloadsSet(int count, long creationIntervalMs, List<WorkloadTemplate> workloads) {
        public WorkloadsSet {
            workloads = List.copyOf(workloads);
        }

        /** Workloads this set creates in one ClusterQueue. */
        public int size() {
            return count * workloads.size();
        }
    }

    /** {@code workloads[]}: one pod set "main" of {@code podCount} pods (default 1) × {@code request} cpu. */
    public record WorkloadTemplate(String className, long runtimeMs, int priority, Quantity request, int podCount) {
    }

    public int clusterQueueCount() {
        int n = 0;
        for (CohortSet c : cohorts) {
            for (QueuesSet q : c.queuesSets()) {
                n = Math.addExact(n, Math.multiplyExact(c.count(), q.count()));
            }
        }
        return n;
    }

    public int cohortCount() {
        return cohorts.stream().mapToInt(CohortSet::count).sum();
    }

    public int workloadCount() {
        int n = 0;
        for (CohortSet c : cohorts) {
            for (QueuesSet q : c.queuesSets()) {
                int perQueue = q.workloadsSets().stream().mapToInt(WorkloadsSet::size).sum();
                n = Math.addExact(n, Math.multiplyExact(Math.multiplyExact(c.count(), q.count()), perQueue));
            }
        }
        return n;
    }

    // ------------------------------------------------------------------------------------------
    // Reading

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static final Set<String> TOP = Set.of("cohorts", "resourceFlavor", "topology", "dra");
    private static final Set<String> COHORT = Set.of("className", "count", "queuesSets");
    private static final Set<String> QUEUES = Set.of("className", "count", "nominalQuota", "borrowingLimit",
            "reclaimWithinCohort", "withinClusterQueue", "workloadsSets", "deviceNominalQuota", "deviceBorrowingLimit");
    private static final Set<String> WL_SET = Set.of("count", "creationIntervalMs", "workloads");
    private static final Set<String> TEMPLATE = Set.of("className", "runtimeMs", "priority", "request", "podCount",
            "tasConstraint", "tasLevel", "sliceSize", "devices");
    private static final Set<String> TAS_ONLY = Set.of("topology", "dra", "deviceNominalQuota",
            "deviceBorrowingLimit", "tasConstraint", "tasLevel", "sliceSize", "devices");

    /**
     * Reads a generator.yaml.
     *
     * @param source names the input in error messages
     * @throws GeneratorConfigException naming the field that is wrong
     */
    public static GeneratorConfig parse(String yaml, String source) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new GeneratorConfigException(source + ": not valid YAML: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new GeneratorConfigException(source + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new GeneratorConfigException(source + ": expected a mapping with a cohorts list");
        }
        Reader r = new Reader(source);
        r.checkFields(root, "", TOP);
        JsonNode cohorts = root.get("cohorts");
        if (cohorts == null || !cohorts.isArray() || cohorts.isEmpty()) {
            throw r.error("cohorts", "the config must contain at least one cohort set");
        }
        List<CohortSet> sets = new ArrayList<>();
        for (int i = 0; i < cohorts.size(); i++) {
            sets.add(r.cohortSet(cohorts.get(i), "cohorts[" + i + "]"));
        }
        return new GeneratorConfig(sets);
    }

    private record Reader(String source) {

        GeneratorConfigException error(String path, String message) {
            return new GeneratorConfigException(source + ": " + path + ": " + message);
        }

        void checkFields(JsonNode node, String path, Set<String> known) {
            if (!node.isObject()) {
                throw error(path.isEmpty() ? "(top)" : path, "expected a mapping");
            }
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                String at = path.isEmpty() ? f : path + "." + f;
                if (TAS_ONLY.contains(f)) {
                    throw error(at, "topology-aware (TAS) and DRA shapes are not replayed; only quota admission is");
                }
                if (!known.contains(f)) {
                    throw error(at, "unknown field (known: " + String.join(", ", known.stream().sorted().toList()) + ")");
                }
            }
        }

        CohortSet cohortSet(JsonNode n, String path) {
            checkFields(n, path, COHORT);
            JsonNode qs = n.get("queuesSets");
            if (qs == null || !qs.isArray() || qs.isEmpty()) {
                throw error(path + ".queuesSets", "needs at least one queue set");
            }
            List<QueuesSet> sets = new ArrayList<>();
            for (int i = 0; i < qs.size(); i++) {
                sets.add(queuesSet(qs.get(i), path + ".queuesSets[" + i + "]"));
            }
            return new CohortSet(name(n, path + ".className"), count(n, path + ".count", 1), sets);
        }

        QueuesSet queuesSet(JsonNode n, String path) {
            checkFields(n, path, QUEUES);
            JsonNode ws = n.get("workloadsSets");
            List<WorkloadsSet> sets = new ArrayList<>();
            if (ws != null) {
                if (!ws.isArray()) {
                    throw error(path + ".workloadsSets", "expected a list");
                }
                for (int i = 0; i < ws.size(); i++) {
                    sets.add(workloadsSet(ws.get(i), path + ".workloadsSets[" + i + "]"));
                }
            }
            Quantity nominal = quantity(n, path + ".nominalQuota", true).orElseThrow();
            return new QueuesSet(name(n, path + ".className"), count(n, path + ".count", 1), nominal,
                    quantity(n, path + ".borrowingLimit", false), reclaim(n, path + ".reclaimWithinCohort"),
                    within(n, path + ".withinClusterQueue"), sets);
        }

        WorkloadsSet workloadsSet(JsonNode n, String path) {
            checkFields(n, path, WL_SET);
            JsonNode ts = n.get("workloads");
            if (ts == null || !ts.isArray() || ts.isEmpty()) {
                throw error(path + ".workloads", "needs at least one workload template");
            }
            List<WorkloadTemplate> templates = new ArrayList<>();
            for (int i = 0; i < ts.size(); i++) {
                templates.add(template(ts.get(i), path + ".workloads[" + i + "]"));
            }
            return new WorkloadsSet(count(n, path + ".count", 0), number(n, path + ".creationIntervalMs", 0, 0),
                    templates);
        }

        WorkloadTemplate template(JsonNode n, String path) {
            checkFields(n, path, TEMPLATE);
            Quantity request = quantity(n, path + ".request", true).orElseThrow();
            long priority = number(n, path + ".priority", 0, Integer.MIN_VALUE);
            if (priority > Integer.MAX_VALUE) {
                throw error(path + ".priority", "out of range");
            }
            return new WorkloadTemplate(name(n, path + ".className"), number(n, path + ".runtimeMs", 0, 0),
                    (int) priority, request, (int) Math.max(1, number(n, path + ".podCount", 1, 0)));
        }

        private static String leaf(String path) {
            return path.substring(path.lastIndexOf('.') + 1);
        }

        String name(JsonNode n, String path) {
            JsonNode v = n.get(leaf(path));
            if (v == null || !v.isValueNode() || v.asText().isBlank()) {
                throw error(path, "required, a non-empty name");
            }
            return v.asText();
        }

        int count(JsonNode n, String path, int min) {
            long v = number(n, path, -1, min);
            if (v < 0) {
                throw error(path, "required");
            }
            if (v > Integer.MAX_VALUE) {
                throw error(path, "too large");
            }
            return (int) v;
        }

        /** An integer field; YAML 1.1 digit separators ({@code 425_000}) are accepted. */
        long number(JsonNode n, String path, long absent, long min) {
            JsonNode v = n.get(leaf(path));
            if (v == null || v.isNull()) {
                return absent;
            }
            long value;
            if (v.isIntegralNumber() && v.canConvertToLong()) {
                value = v.asLong();
            } else if (v.isTextual() && v.asText().replace("_", "").matches("-?[0-9]+")) {
                value = Long.parseLong(v.asText().replace("_", ""));
            } else {
                throw error(path, "\"" + v.asText() + "\" is not a whole number");
            }
            if (value < min) {
                throw error(path, value + " is below the minimum " + min);
            }
            return value;
        }

        Optional<Quantity> quantity(JsonNode n, String path, boolean required) {
            JsonNode v = n.get(leaf(path));
            if (v == null || v.isNull() || (v.isTextual() && v.asText().isEmpty())) {
                if (required) {
                    throw error(path, "required, a Kubernetes quantity such as 20 or 500m");
                }
                return Optional.empty();
            }
            try {
                Quantity q = Quantity.parse(v.asText());
                if (q.milli() < 0) {
                    throw error(path, "must not be negative");
                }
                return Optional.of(q);
            } catch (QuantityFormatException e) {
                throw error(path, e.getMessage());
            }
        }

        ReclaimWithinCohort reclaim(JsonNode n, String path) {
            String v = text(n, path);
            return switch (v) {
                case "", "Never" -> ReclaimWithinCohort.NEVER;
                case "LowerPriority" -> ReclaimWithinCohort.LOWER_PRIORITY;
                case "Any" -> ReclaimWithinCohort.ANY;
                default -> throw error(path, "\"" + v + "\" is not one of Never, LowerPriority, Any");
            };
        }

        WithinClusterQueue within(JsonNode n, String path) {
            String v = text(n, path);
            return switch (v) {
                case "", "Never" -> WithinClusterQueue.NEVER;
                case "LowerPriority" -> WithinClusterQueue.LOWER_PRIORITY;
                case "LowerOrNewerEqualPriority" -> WithinClusterQueue.LOWER_OR_NEWER_EQUAL_PRIORITY;
                default -> throw error(path, "\"" + v + "\" is not one of Never, LowerPriority, LowerOrNewerEqualPriority");
            };
        }

        private String text(JsonNode n, String path) {
            JsonNode v = n.get(leaf(path));
            return v == null || v.isNull() ? "" : v.asText();
        }
    }
}
