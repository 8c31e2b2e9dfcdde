package dev.muster.bench.operator;

import dev.muster.core.quantity.Quantity;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Checks, from what the API server showed, that no ClusterQueue ever held more than its nominal
 * quota plus its borrowing limit, and no cohort more than the sum of its members' nominal quotas.
 *
 * <p>It records every Workload object version (QuotaReserved, Admitted, Finished, and the
 * ClusterQueue and cpu of {@code status.admission}) and every Job version (suspended, Complete),
 * each with its {@code resourceVersion}, which the mock API server takes from one counter for all
 * objects, and replays them afterwards in that order. A workload holds quota while its Job runs:
 * from the version that unsuspends it until the one that suspends it again (evicted) or marks it
 * Complete; what it holds, and in which ClusterQueue, is what its Workload's status shows when its
 * quota is reserved (the same at every admission: the benchmark's shapes have one flavor). A Job
 * that runs although no Workload status ever showed its quota reserved is reported too.
 *
 * <p>The running Jobs give the timing, not the Workload statuses, because the controller writes
 * the statuses one by one at the end of a scheduling cycle, after the cycle's Job patches: a
 * preemptor's Workload can show its admission before its victim's shows the eviction, though the
 * victim's Job was suspended first; a short job can be Complete before its Workload shows it
 * admitted; and a start that failed is retried in a later cycle, after the status. The controller
 * holds quota from its decision, before the Job starts; it frees a finished job's quota once it has
 * seen the Job Complete, and a victim's once it has suspended its Job (before starting anything in
 * its place). So the running Jobs show no more than the controller held, and an overflow found
 * here is pods that would run at the same time beyond the quota.
 */
final class WorkloadAudit {

    private sealed interface Rec permits WorkloadRec, JobRec {
        long rv();
    }

    private record WorkloadRec(long rv, String workload, String job, boolean quotaReserved, boolean admitted,
            boolean finished, String clusterQueue, long cpuMilli) implements Rec {
    }

    private record JobRec(long rv, String job, boolean suspended, boolean complete) implements Rec {
    }

    /** Quota a workload holds: its ClusterQueue and cpu. */
    private record Hold(String queue, long cpu) {
    }

    /** A ClusterQueue or cohort and the most it may hold, in milli-cpu (Long.MAX_VALUE: no limit). */
    record Limit(String name, long maxMilli) {
    }

    /**
     * @param violations    the first overflows found (at most 20), in words
     * @param violationCount all overflows found
     * @param peakByQueue   the most each ClusterQueue held at once, milli-cpu
     * @param peakByCohort  the most each cohort held at once, milli-cpu
     * @param everAdmitted  workloads (by Job) seen Admitted=True at least once
     * @param finished      workloads whose last version seen is Finished=True
     */
    record Result(List<String> violations, int violationCount, Map<String, Long> peakByQueue,
            Map<String, Long> peakByCohort, Set<String> everAdmitted, Set<String> finished, int workloadVersions,
            int jobVersions) {
    }

    private final ConcurrentLinkedQueue<Rec> records = new ConcurrentLinkedQueue<>();

    void job(long rv, String job, boolean suspended, boolean complete) {
        records.add(new JobRec(rv, job, suspended, complete));
    }

    /** What one Workload version says, for whoever watches the run's progress. */
    record Seen(String job, boolean admitted, boolean finished) {
    }

    /**
     * Takes every Job and Workload version the API server stored ({@link VersionLog}): unlike an
     * informer's, this record misses none.
     */
    void replay(List<VersionLog.Version> versions) {
        for (VersionLog.Version v : versions) {
            switch (v) {
                case VersionLog.JobVersion j -> records.add(new JobRec(j.rv(), j.job(), j.suspended(), j.complete()));
                case VersionLog.WorkloadVersion w -> {
                    if (w.job() != null) {
                        records.add(new WorkloadRec(w.rv(), w.workload(), w.job(), w.quotaReserved(), w.admitted(),
                                w.finished(), w.clusterQueue(), w.cpuMilli()));
                    }
                }
                case VersionLog.WorkloadDeleted d -> { }
                case VersionLog.LeaseVersion l -> { }
            }
        }
    }

    /** What a Workload version says of its job's progress, without recording it; null for a Workload without a controlling owner. */
    static Seen seen(GenericKubernetesResource w) {
        WorkloadRec rec = parse(w);
        return rec == null ? null : new Seen(rec.job(), rec.admitted(), rec.finished());
    }

    /** Records a Workload version as an informer delivered it; null for a Workload without a controlling owner. */
    Seen workload(GenericKubernetesResource w) {
        WorkloadRec rec = parse(w);
        if (rec == null) {
            return null;
        }
        records.add(rec);
        return new Seen(rec.job(), rec.admitted(), rec.finished());
    }

    /** What a Workload version says; null for one without a controlling owner. */
    private static WorkloadRec parse(GenericKubernetesResource w) {
        String ns = w.getMetadata().getNamespace();
        String job = null;
        for (OwnerReference o : w.getMetadata().getOwnerReferences()) {
            if (Boolean.TRUE.equals(o.getController())) {
                job = ns + "/" + o.getName();
            }
        }
        if (job == null) {
            return null;
        }
        boolean quotaReserved = false;
        boolean admitted = false;
        boolean finished = false;
        String clusterQueue = null;
        long cpu = 0;
        if (w.getAdditionalProperties().get("status") instanceof Map<?, ?> status) {
            if (status.get("conditions") instanceof List<?> conditions) {
                for (Object o : conditions) {
                    if (o instanceof Map<?, ?> c && "True".equals(c.get("status"))) {
                        Object type = c.get("type");
                        quotaReserved |= "QuotaReserved".equals(type);
                        admitted |= "Admitted".equals(type);
                        finished |= "Finished".equals(type);
                    }
                }
            }
            if (status.get("admission") instanceof Map<?, ?> admission) {
                clusterQueue = String.valueOf(admission.get("clusterQueue"));
                if (admission.get("podSetAssignments") instanceof List<?> assignments) {
                    for (Object a : assignments) {
                        if (a instanceof Map<?, ?> psa && psa.get("resourceUsage") instanceof Map<?, ?> usage
                                && usage.get("cpu") != null) {
                            cpu += Quantity.parse(String.valueOf(usage.get("cpu"))).milli();
                        }
                    }
                }
            }
        }
        return new WorkloadRec(JobRunner.resourceVersion(w.getMetadata().getResourceVersion()),
                ns + "/" + w.getMetadata().getName(), job, quotaReserved, admitted, finished, clusterQueue, cpu);
    }

    /**
     * Replays what was recorded.
     *
     * @param queues   every ClusterQueue's limit (nominal + borrowing limit)
     * @param cohortOf each ClusterQueue's cohort
     * @param cohorts  every cohort's limit (the sum of its members' nominal quotas)
     */
    Result check(Map<String, Limit> queues, Map<String, String> cohortOf, Map<String, Limit> cohorts) {
        List<Rec> sorted = new ArrayList<>(records);
        sorted.sort(Comparator.comparingLong(Rec::rv));
        // Pass 1: what each job holds when admitted, from the Workload versions that show its quota reserved.
        Map<String, WorkloadRec> reservation = new HashMap<>();
        for (Rec rec : sorted) {
            if (rec instanceof WorkloadRec w && w.quotaReserved() && !w.finished() && w.clusterQueue() != null) {
                reservation.putIfAbsent(w.job(), w);
                WorkloadRec first = reservation.get(w.job());
                if (!first.clusterQueue().equals(w.clusterQueue()) || first.cpuMilli() != w.cpuMilli()) {
                    throw new IllegalStateException("Job " + w.job() + " was admitted to " + first.clusterQueue() + " with "
                            + first.cpuMilli() + "m cpu and later to " + w.clusterQueue() + " with " + w.cpuMilli()
                            + "m: the benchmark's shapes have one flavor, so this should not happen");
                }
            }
        }
        Map<String, Long> queueUsage = new HashMap<>();
        Map<String, Long> cohortUsage = new HashMap<>();
        Map<String, Long> peakQueue = new HashMap<>();
        Map<String, Long> peakCohort = new HashMap<>();
        Map<String, Hold> holding = new HashMap<>();
        Set<String> completeJobs = new HashSet<>();
        Set<String> everAdmitted = new HashSet<>();
        Map<String, Boolean> lastFinished = new HashMap<>();
        List<String> violations = new ArrayList<>();
        int violationCount = 0;
        int workloadVersions = 0;
        int jobVersions = 0;
        for (Rec rec : sorted) {
            switch (rec) {
                case WorkloadRec w -> {
                    workloadVersions++;
                    if (w.admitted()) {
                        everAdmitted.add(w.job());
                    }
                    lastFinished.put(w.job(), w.finished());
                }
                case JobRec j -> {
                    jobVersions++;
                    if (j.suspended() || j.complete()) {
                        release(holding.remove(j.job()), queueUsage, cohortUsage, cohortOf);
                        if (j.complete()) {
                            completeJobs.add(j.job());
                        }
                        continue;
                    }
                    if (holding.containsKey(j.job()) || completeJobs.contains(j.job())) {
                        continue; // still running, or a version after its completion
                    }
                    // Unsuspended: it runs, so it holds what its admission reserved.
                    WorkloadRec w = reservation.get(j.job());
                    if (w == null) {
                        violationCount++;
                        if (violations.size() < 20) {
                            violations.add("at resourceVersion " + j.rv() + " Job " + j.job()
                                    + " was started but no Workload status ever showed its quota reserved");
                        }
                        continue;
                    }
                    holding.put(j.job(), new Hold(w.clusterQueue(), w.cpuMilli()));
                    long q = queueUsage.merge(w.clusterQueue(), w.cpuMilli(), Long::sum);
                    peakQueue.merge(w.clusterQueue(), q, Math::max);
                    Limit ql = queues.get(w.clusterQueue());
                    if (ql == null || q > ql.maxMilli()) {
                        violationCount++;
                        if (violations.size() < 20) {
                            violations.add("at resourceVersion " + j.rv() + " ClusterQueue " + w.clusterQueue()
                                    + " held " + PerfManifests.quantity(q) + " cpu (limit "
                                    + (ql == null ? "none: unknown queue" : PerfManifests.quantity(ql.maxMilli()))
                                    + ") after starting " + j.job());
                        }
                    }
                    String cohort = cohortOf.get(w.clusterQueue());
                    if (cohort != null) {
                        long c = cohortUsage.merge(cohort, w.cpuMilli(), Long::sum);
                        peakCohort.merge(cohort, c, Math::max);
                        Limit cl = cohorts.get(cohort);
                        if (cl != null && c > cl.maxMilli()) {
                            violationCount++;
                            if (violations.size() < 20) {
                                violations.add("at resourceVersion " + j.rv() + " cohort " + cohort + " held "
                                        + PerfManifests.quantity(c) + " cpu (limit " + PerfManifests.quantity(cl.maxMilli())
                                        + ") after starting " + j.job() + "; running: " + holders(holding, cohort, cohortOf)
                                        + (violations.isEmpty() ? stories(sorted, holding, cohort, cohortOf, j.rv()) : ""));
                            }
                        }
                    }
                }
            }
        }
        Set<String> finished = new HashSet<>();
        lastFinished.forEach((job, f) -> {
            if (f) {
                finished.add(job);
            }
        });
        return new Result(violations, violationCount, peakQueue, peakCohort, everAdmitted, finished, workloadVersions,
                jobVersions);
    }

    /** The jobs holding quota in a cohort, with what they hold, in name order. */
    private static String holders(Map<String, Hold> holding, String cohort, Map<String, String> cohortOf) {
        List<String> out = new ArrayList<>();
        holding.forEach((job, h) -> {
            if (cohort.equals(cohortOf.get(h.queue()))) {
                out.add(job + "=" + PerfManifests.quantity(h.cpu()));
            }
        });
        out.sort(null);
        return String.join(", ", out);
    }

    /**
     * What the API server stored of each job holding quota in the cohort, up to {@code rv}: the
     * first overflow's story, so that a failure says how it came about.
     */
    private static String stories(List<Rec> sorted, Map<String, Hold> holding, String cohort, Map<String, String> cohortOf,
            long rv) {
        Set<String> jobs = new HashSet<>();
        holding.forEach((job, h) -> {
            if (cohort.equals(cohortOf.get(h.queue()))) {
                jobs.add(job);
            }
        });
        StringBuilder out = new StringBuilder("\n  what was stored of them:");
        for (Rec rec : sorted) {
            if (rec.rv() > rv) {
                break;
            }
            switch (rec) {
                case JobRec j when jobs.contains(j.job()) -> out.append("\n    ").append(j.rv()).append(" Job ").append(j.job())
                        .append(j.complete() ? " Complete" : j.suspended() ? " suspended" : " running");
                case WorkloadRec w when jobs.contains(w.job()) -> out.append("\n    ").append(w.rv()).append(" Workload ")
                        .append(w.workload()).append(" quotaReserved=").append(w.quotaReserved()).append(" admitted=")
                        .append(w.admitted()).append(" finished=").append(w.finished());
                default -> { }
            }
        }
        return out.toString();
    }

    private static void release(Hold hold, Map<String, Long> queueUsage, Map<String, Long> cohortUsage,
            Map<String, String> cohortOf) {
        if (hold == null) {
            return;
        }
        queueUsage.merge(hold.queue(), -hold.cpu(), Long::sum);
        String cohort = cohortOf.get(hold.queue());
        if (cohort != null) {
            cohortUsage.merge(cohort, -hold.cpu(), Long::sum);
        }
    }
}
