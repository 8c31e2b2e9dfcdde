package dev.muster.api.scenario;

import dev.muster.api.kueue.LocalQueueDeclaration;
import dev.muster.api.manifest.Reference;
import dev.muster.api.workload.PodSetDraft;
import dev.muster.api.workload.WorkloadDraft;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns workload drafts into {@link WorkloadSource}s: checks the queues they name and gives them
 * their priority. The result is in creation order: by arrival, then file order.
 */
final class WorkloadResolver {

    /**
     * @param inCreationOrder the workloads by arrival, then file order
     * @param runs            how the simulator plays each of them, by where it was declared
     */
    record Resolved(List<WorkloadSource> inCreationOrder, Map<SourceLocation, SimulatedRun> runs) {
    }

    private record Entry(WorkloadSource source, SimulatedRun run) {
    }

    private WorkloadResolver() {
    }

    static Resolved resolve(ScenarioDraft d, Set<String> kaiQueues, PriorityResolver priorities) {
        Map<String, Set<String>> localQueuesByNamespace = new LinkedHashMap<>();
        for (Declared<LocalQueueDeclaration> lq : d.localQueues) {
            ObjectKey key = lq.value().spec().key();
            localQueuesByNamespace.computeIfAbsent(key.namespace(), n -> new LinkedHashSet<>()).add(key.name());
        }
        List<Entry> out = new ArrayList<>();
        for (WorkloadEntry e : d.workloads) {
            WorkloadDraft w = e.draft();
            String namespace = w.object().meta().namespace();
            w.localQueue().ifPresent(ref -> checkLocalQueue(ref, namespace, localQueuesByNamespace));
            // A KAI queue that does not exist is not an input error: as in KAI, the workload stays
            // Pending and says so (the engine words it).
            boolean kai = w.kaiQueue().isPresent() && w.localQueue().isEmpty();
            PriorityResolver.Resolved priority = kai ? priorities.resolveKai(w) : priorities.resolve(w);
            List<PodSet> podSets = withHints(kai ? KaiGang.podSets(w) : w.podSets().stream().map(PodSetDraft::podSet).toList(), w);
            WorkloadSource source = new WorkloadSource(
                    w.object().kind(),
                    new ObjectKey(namespace, w.object().meta().name()),
                    w.localQueue().map(Reference::name),
                    w.kaiQueue().map(Reference::name),
                    priority.value(),
                    priority.className(),
                    podSets,
                    e.origin(),
                    w.podSets().stream().map(PodSetDraft::template).toList(),
                    w.rayWorkerGroups(),
                    RuntimeHintsReader.read(w.object()));
            checkFailures(w, e.run().podFailures(), podSets);
            checkTotals(w, podSets);
            out.add(new Entry(source, e.run()));
        }
        // Stable: workloads that arrive together are created in file order.
        out.sort(Comparator.comparingLong(entry -> entry.run().arrivalMillis()));
        return inCreationOrder(out);
    }

    private static Resolved inCreationOrder(List<Entry> sorted) {
        List<WorkloadSource> workloads = new ArrayList<>();
        Map<SourceLocation, SimulatedRun> runs = new LinkedHashMap<>();
        for (Entry e : sorted) {
            workloads.add(e.source());
            // Objects of one kind, namespace and name are declared once, so each origin is one
            // workload's; only a scenario with errors (and so never returned) may repeat one.
            runs.putIfAbsent(e.source().origin(), e.run());
        }
        return new Resolved(workloads, runs);
    }

    /** Each pod set carries where its pods may go, from its template. */
    private static List<PodSet> withHints(List<PodSet> podSets, WorkloadDraft w) {
        List<PodSet> out = new ArrayList<>();
        for (int i = 0; i < podSets.size(); i++) {
            out.add(podSets.get(i).withHints(dev.muster.api.k8s.PlacementHintsReader.of(w.podSets().get(i).template())));
        }
        return out;
    }

    /**
     * What a workload asks for must be a quantity Muster can hold: each pod set's requests times its
     * pods, and the workload's sum. Refused here, where the totals are formed, so that admission and
     * placement never meet an amount past the bound.
     */
    private static void checkTotals(WorkloadDraft w, List<PodSet> podSets) {
        ResourceList total = ResourceList.EMPTY;
        for (int i = 0; i < podSets.size(); i++) {
            PodSet ps = podSets.get(i);
            ResourceList podSetTotal;
            try {
                podSetTotal = ps.perPod().timesExact(ps.count());
            } catch (ArithmeticException e) {
                w.podSets().get(i).templateField().error("pod set \"" + ps.name() + "\": " + ps.count()
                        + " pods of " + ps.perPod() + " ask for more than a quantity can hold: at most "
                        + Quantity.BOUND);
                return;
            }
            try {
                total = total.plusExact(podSetTotal);
            } catch (ArithmeticException e) {
                w.object().spec().error("the pod sets together ask for more than a quantity can hold: at most "
                        + Quantity.BOUND);
                return;
            }
        }
    }

    /** Every pod failure names a pod set of the workload and fails no more pods than it has. */
    private static void checkFailures(WorkloadDraft w, List<PodFailure> failures, List<PodSet> podSets) {
        for (PodFailure f : failures) {
            PodSet ps = podSets.stream().filter(p -> p.name().equals(f.podSet())).findFirst().orElse(null);
            String problem = ps == null ? "pod set \"" + f.podSet() + "\" is not one of this workload's: "
                    + String.join(", ", podSets.stream().map(PodSet::name).toList())
                    : f.count() > ps.count() ? "pod set \"" + f.podSet() + "\" has " + ps.count() + " pods, not " + f.count()
                    : null;
            if (problem != null) {
                w.object().root().get("metadata").get("annotations").key("sim.muster.dev/pod-failures").error(problem);
            }
        }
    }

    private static void checkLocalQueue(Reference ref, String namespace, Map<String, Set<String>> byNamespace) {
        Set<String> here = byNamespace.getOrDefault(namespace, Set.of());
        if (here.contains(ref.name())) {
            return;
        }
        List<String> elsewhere = new ArrayList<>();
        byNamespace.forEach((ns, names) -> {
            if (names.contains(ref.name())) {
                elsewhere.add(ns);
            }
        });
        String where = elsewhere.isEmpty()
                ? References.hint(ref.name(), here)
                : " (a LocalQueue of that name exists in namespace " + String.join(", ", elsewhere)
                        + "; a workload uses the LocalQueues of its own namespace)";
        ref.error("LocalQueue \"" + ref.name() + "\" does not exist in namespace \"" + namespace + "\"" + where);
    }
}
