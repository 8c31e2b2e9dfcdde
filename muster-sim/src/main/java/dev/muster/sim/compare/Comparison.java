package dev.muster.sim.compare;

import dev.muster.sim.report.html.WaitTimes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Two runs of the same workload side by side ({@code muster compare A B}). Queues and
 * flavor/resources are those of either run, in name order; a side that lacks one has null there.
 *
 * @param a              what run A ran (the scenario's paths, as given)
 * @param b              what run B ran
 * @param queues         per queue: waits and preemptions in A and in B
 * @param utilization    per flavor/resource: A's and B's
 * @param changed        the workloads whose first admission changed most ({@link #CHANGED_SHOWN} at most):
 *                       those admitted in one run only first, then by the size of the change
 * @param changedInAll   how many workloads' first admission changed in all
 */
public record Comparison(String a, String b, double aEndSeconds, double bEndSeconds, List<QueueRow> queues,
        List<UseRow> utilization, List<AdmissionChange> changed, int changedInAll) {

    public static final int CHANGED_SHOWN = 10;

    /** A queue in both runs; {@code aWaits} or {@code bWaits} null when the queue had no workload in that run. */
    public record QueueRow(String queue, WaitTimes aWaits, WaitTimes bWaits, int aPreemptions, int bPreemptions) {
    }

    public record UseRow(String flavorResource, FlavorUse a, FlavorUse b) {
    }

    public static Comparison of(String aName, RunFigures a, String bName, RunFigures b) {
        Map<String, WaitTimes> aWaits = byName(a.waits(), WaitTimes::queue);
        Map<String, WaitTimes> bWaits = byName(b.waits(), WaitTimes::queue);
        TreeSet<String> queueNames = new TreeSet<>(aWaits.keySet());
        queueNames.addAll(bWaits.keySet());
        queueNames.addAll(a.preemptions().keySet());
        queueNames.addAll(b.preemptions().keySet());
        List<QueueRow> queues = new ArrayList<>();
        for (String q : queueNames) {
            queues.add(new QueueRow(q, aWaits.get(q), bWaits.get(q), a.preemptions().getOrDefault(q, 0),
                    b.preemptions().getOrDefault(q, 0)));
        }
        Map<String, FlavorUse> aUse = byName(a.utilization(), FlavorUse::flavorResource);
        Map<String, FlavorUse> bUse = byName(b.utilization(), FlavorUse::flavorResource);
        TreeSet<String> keys = new TreeSet<>(aUse.keySet());
        keys.addAll(bUse.keySet());
        List<UseRow> use = keys.stream().map(k -> new UseRow(k, aUse.get(k), bUse.get(k))).toList();
        List<AdmissionChange> changes = changes(a.firstAdmissions(), b.firstAdmissions());
        return new Comparison(aName, bName, a.endSeconds(), b.endSeconds(), List.copyOf(queues), use,
                changes.stream().limit(CHANGED_SHOWN).toList(), changes.size());
    }

    /**
     * Every workload of either run whose first admission is not the same instant in both, most
     * changed first. A workload in one run only (B added it, say) counts as not admitted in the other.
     */
    static List<AdmissionChange> changes(Map<String, Double> a, Map<String, Double> b) {
        TreeSet<String> workloads = new TreeSet<>(a.keySet());
        workloads.addAll(b.keySet());
        List<AdmissionChange> out = new ArrayList<>();
        for (String w : workloads) {
            Double at = a.get(w);
            Double bt = b.get(w);
            if (!Objects.equals(at, bt)) {
                out.add(new AdmissionChange(w, at, bt));
            }
        }
        // Ties keep name order (the list was built in it): the order is the same on every run.
        out.sort(Comparator.comparing((AdmissionChange c) -> !c.oneRunOnly())
                .thenComparing(c -> c.deltaSeconds() == null ? 0 : -Math.abs(c.deltaSeconds())));
        return out;
    }

    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        Map<String, T> out = new TreeMap<>();
        items.forEach(i -> out.put(name.apply(i), i));
        return out;
    }
}
