package dev.muster.sim;

import dev.muster.api.scenario.DeclaredObject;
import dev.muster.api.scenario.Scenario;
import dev.muster.core.engine.QueueView;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.engine.Engine;
import dev.muster.core.explain.PendingPosition;
import dev.muster.core.explain.QueuePositions;
import dev.muster.core.explain.QuotaHolders;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.forecast.Forecast;
import dev.muster.core.model.Pending;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.Shortage;
import java.util.Optional;
import dev.muster.core.quantity.Quantity;
import dev.muster.sim.report.Report;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/** Turns the end state of a run into the contract's report tree, in the contract's order. */
final class ReportBuilder {

    private final Engine engine;
    private final Timeline timeline;
    private final QueuePeaks peaks;

    ReportBuilder(Engine engine, Timeline timeline, QueuePeaks peaks) {
        this.engine = engine;
        this.timeline = timeline;
        this.peaks = peaks;
    }

    Report build(long endMillis, List<SimWorkload> workloads, Scenario scenario, List<Report.NodeReport> poolNodes,
            List<Report.ProvisioningRequestReport> requests) {
        List<SimWorkload> sorted = new ArrayList<>(workloads);
        sorted.sort(Comparator.comparing((SimWorkload w) -> w.source.kind())
                .thenComparing(w -> w.source.key()));
        Map<ObjectKey, PendingPosition> positions = new HashMap<>();
        for (QueuePositions q : engine.queuePositions()) {
            q.workloads().forEach(p -> positions.put(p.workload(), p));
        }
        // Who holds the quota is asked only for workloads short of quota: worked out when first asked
        // (on openb, 10,851 workloads none of which waits for quota, it was 4 % of a run).
        Supplier<QuotaHolders> holders = new Supplier<>() {
            private QuotaHolders known;

            @Override
            public QuotaHolders get() {
                if (known == null) {
                    known = engine.quotaHolders();
                }
                return known;
            }
        };
        List<Report.WorkloadReport> wls = new ArrayList<>();
        for (SimWorkload w : sorted) {
            if (w.arrived) {
                wls.add(workload(w, positions, holders));
            }
        }
        List<Report.QueueReport> queues = new ArrayList<>();
        for (QueueView cq : engine.clusterQueues()) {
            if (!cq.kai()) {
                queues.add(new Report.QueueReport(cq.name(), "ClusterQueue", usage(cq.usage()),
                        admittedIn(workloads, cq.name()), cq.pendingCount(), null, overTheRun(workloads, cq.name())));
            }
        }
        for (String kai : engine.kaiQueues()) {
            int pending = engine.clusterQueue(kai).map(QueueView::pendingCount).orElse(0);
            queues.add(new Report.QueueReport(kai, "Queue", usage(engine.usageOfNode(kai)),
                    admittedIn(workloads, kai), pending, fairShare(engine.fairShare(kai)), overTheRun(workloads, kai)));
        }
        List<Report.NodeReport> nodes = new ArrayList<>();
        for (DeclaredObject o : scenario.otherObjects()) {
            if (o.kind().equals("Node")) {
                nodes.add(new Report.NodeReport(o.name(), null, 0.0, null));
            }
        }
        nodes.addAll(poolNodes);
        nodes.sort(Comparator.comparing(Report.NodeReport::name));
        return new Report(Report.SCHEMA, endMillis / 1000.0, wls, queues, nodes, requests, timeline.events());
    }

    private Report.WorkloadReport workload(SimWorkload w, Map<ObjectKey, PendingPosition> positions,
            Supplier<QuotaHolders> holders) {
        Map<String, Map<String, String>> flavors = new LinkedHashMap<>();
        List<Report.PodSetCount> podSets = new ArrayList<>();
        // Flavors and counts of the current admission; a finished workload keeps its last one.
        boolean showsAdmission = w.status.assignment() != null && w.state() != WorkloadState.Pending;
        if (showsAdmission) {
            for (PodSetAssignment ps : w.status.assignment().podSets()) {
                flavors.put(ps.name(), new TreeMap<>(ps.flavors()));
                podSets.add(new Report.PodSetCount(ps.name(), ps.count()));
            }
        } else {
            for (PodSet ps : w.workload.podSets()) {
                podSets.add(new Report.PodSetCount(ps.name(), ps.count()));
            }
        }
        String queue = !w.workload.queueName().isEmpty() ? w.workload.queueName() : w.source.kaiQueue().orElse(null);
        return new Report.WorkloadReport(w.source.kind(), w.source.key().namespace(), w.source.key().name(), queue,
                w.status.clusterQueue(), w.source.priority(), w.state().name(),
                seconds(w.status.admittedAtMillis().orElse(null)), seconds(w.status.finishedAtMillis().orElse(null)),
                flavors, podSets, evictions(w), pods(w), w.status.message(), seconds(w.createdAtMillis),
                w.status.admissionsAtMillis().stream().map(m -> m / 1000.0).toList(), pending(w, positions, holders));
    }

    /** Why a pending workload waits and where it stands in its queue; null for the others. */
    private Report.PendingReport pending(SimWorkload w, Map<ObjectKey, PendingPosition> positions,
            Supplier<QuotaHolders> holders) {
        if (w.state() != WorkloadState.Pending) {
            return null;
        }
        PendingPosition p = positions.get(w.workload.key());
        // The engine's last reason, when it is what the workload says now (an eviction or a missing
        // queue label says something else, with the condition's reason).
        Optional<Pending> last = w.status.lastWait().filter(why -> why.message().equals(w.status.message()));
        String reason = last.map(why -> why.why().code())
                .orElseGet(() -> w.status.condition("QuotaReserved").map(c -> c.reason()).orElse(null));
        String clusterQueue = engine.clusterQueueOf(w.workload.key()).orElse(null);
        List<Report.Blocking> blocking = last.map(why -> why.shortages().stream()
                .map(s -> blocking(s, clusterQueue == null ? List.of() : holders.get().of(clusterQueue, s.flavor(), s.resource())))
                .toList()).orElse(List.of());
        return new Report.PendingReport(reason, p == null ? null : p.positionInClusterQueue(),
                p == null ? null : p.positionInLocalQueue(), blocking, null, null);
    }

    private static Report.Blocking blocking(Shortage s, List<QuotaHolders.Holder> holders) {
        List<Report.HeldBy> heldBy = holders.stream().limit(Report.Blocking.HELD_BY_SHOWN)
                .map(h -> new Report.HeldBy(h.workload().namespace() + "/" + h.workload().name(), h.clusterQueue(),
                        Quantity.ofMilli(h.milli()).format(s.resource())))
                .toList();
        return new Report.Blocking(s.flavor(), s.resource(), Quantity.ofMilli(s.neededMilli()).format(s.resource()),
                Quantity.ofMilli(s.availableMilli()).format(s.resource()), s.overLimit(), heldBy, holders.size());
    }

    /**
     * The report with each pending workload's forecast: when it is expected to be admitted and on
     * what basis ({@code keyOf}: the engine's key of a reported workload).
     */
    static Report withForecast(Report report, Forecast forecast, java.util.function.Function<Report.WorkloadReport, ObjectKey> keyOf) {
        return report.withWorkloads(w -> {
            Forecast.Expectation e = w.pending() == null ? null : forecast.expectations().get(keyOf.apply(w));
            if (e == null) {
                return w;
            }
            Double at = e.admitAtMillis().isPresent() ? e.admitAtMillis().getAsLong() / 1000.0 : null;
            return Report.withPending(w, w.pending().withForecast(at, e.basis()));
        });
    }

    private static List<Report.Eviction> evictions(SimWorkload w) {
        return w.status.evictions().stream()
                .map(e -> new Report.Eviction(e.atMillis() / 1000.0, e.reason(), e.detail(), e.preemptedBy())).toList();
    }

    /**
     * What happened in a queue over the whole run: admissions into it (a workload admitted again after
     * an eviction counts again), workloads that finished there, and its peak usage. A KAI parent
     * queue counts nothing of its own but its peak.
     */
    private Report.QueueRun overTheRun(List<SimWorkload> workloads, String queue) {
        int admissions = 0;
        int finished = 0;
        for (SimWorkload w : workloads) {
            if (queue.equals(w.status.clusterQueue())) {
                admissions += w.status.admissionsAtMillis().size();
                finished += w.state() == WorkloadState.Finished ? 1 : 0;
            }
        }
        return new Report.QueueRun(admissions, finished, usage(peaks.of(queue)));
    }

    /** Kueue's admittedWorkloads: quota reserved and every check Ready (QuotaReserved ones are "reserving"). */
    private static int admittedIn(List<SimWorkload> workloads, String clusterQueue) {
        int n = 0;
        for (SimWorkload w : workloads) {
            if (w.state() == WorkloadState.Admitted && clusterQueue.equals(w.status.clusterQueue())) {
                n++;
            }
        }
        return n;
    }

    /** Pods with their nodes, devices and GPU groups, named as their controller would name them. */
    private static List<Report.PodReport> pods(SimWorkload w) {
        List<Report.PodReport> out = new ArrayList<>();
        for (dev.muster.core.placement.PodPlacement p : w.pods) {
            out.add(new Report.PodReport(PodList.podName(w.source.key().name(), p), p.podSet(), p.node(),
                    p.gpuDevices().isEmpty() ? null : p.gpuDevices(),
                    p.gpuFraction() > 0 ? p.gpuFraction() / 1000.0 : null,
                    p.gpuGroup().isEmpty() ? null : p.gpuGroup()));
        }
        return out;
    }

    private static Double seconds(Long millis) {
        return millis == null ? null : millis / 1000.0;
    }

    private static Map<String, String> fairShare(Map<String, Long> share) {
        Map<String, String> out = new TreeMap<>();
        share.forEach((r, milli) -> out.put(r, Quantity.ofMilli(milli).format(r)));
        return out;
    }

    private static Map<String, Map<String, String>> usage(Map<String, Map<String, Quantity>> usage) {
        Map<String, Map<String, String>> out = new TreeMap<>();
        usage.forEach((flavor, resources) -> {
            Map<String, String> r = new TreeMap<>();
            resources.forEach((name, q) -> r.put(name, q.format(name)));
            out.put(flavor, r);
        });
        return out;
    }
}
