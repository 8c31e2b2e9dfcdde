package dev.muster.bench.operator;

import dev.muster.bench.operator.VersionLog.JobVersion;
import dev.muster.bench.operator.VersionLog.LeaseVersion;
import dev.muster.bench.operator.VersionLog.Version;
import dev.muster.bench.operator.VersionLog.WorkloadDeleted;
import dev.muster.bench.operator.VersionLog.WorkloadVersion;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The soak's audit: replays every Job, Workload and Lease version the API server stored
 * ({@link VersionLog}), in resourceVersion order, and checks what must hold whatever broke.
 *
 * <ul>
 *   <li>{@link Check#ADMITTED_TWICE}: a job never has two Workload objects holding quota at once.</li>
 *   <li>{@link Check#STARTED_UNADMITTED}: a Job is never unsuspended while no Workload of its own
 *       shows it admitted.</li>
 *   <li>{@link Check#RAN_ON_UNADMITTED}: a running Job whose admission went away (its Workload
 *       deleted, or evicted) is suspended before it completes; it does not complete, or stay
 *       running at the end, without an admitted Workload.</li>
 *   <li>{@link Check#OVER_QUOTA}: no ClusterQueue above nominal + borrowing limit, no cohort above
 *       its members' nominal sum, counting what the running Jobs hold (as {@link WorkloadAudit}).</li>
 *   <li>{@link Check#NOT_FINISHED}: at the end every job has a Workload, Finished; or its Job is
 *       Complete and it has no Workload (deleted by hand, or never made as the Job ran before any
 *       controller saw it): Kueue makes none for a finished job.</li>
 *   <li>{@link Check#SUSPENDED_WITH_QUOTA}: at the end no suspended Job's Workload holds quota
 *       without being Finished.</li>
 * </ul>
 *
 * A Job created not suspended (the webhook down) runs before any controller has seen it: that is
 * the fault, not a violation. Until it is first suspended (or admitted while it runs) it holds no
 * quota in the replay and is not checked; {@link Result#ranBeforeSuspended} counts those that
 * completed in that window, before a controller suspended them.
 */
final class SoakAudit {

    enum Check {
        ADMITTED_TWICE("a job with two Workloads holding quota at once"),
        STARTED_UNADMITTED("a Job started while its Workload was not admitted"),
        RAN_ON_UNADMITTED("a Job ran on to its end after its admission went away"),
        OVER_QUOTA("a ClusterQueue or cohort above its limit"),
        NOT_FINISHED("a job without a Finished Workload at the end"),
        SUSPENDED_WITH_QUOTA("a suspended Job whose Workload holds quota at the end");

        final String description;

        Check(String description) {
            this.description = description;
        }
    }

    /**
     * @param violations         per check, how many
     * @param examples           the first violations (at most 10 per check), in words
     * @param leaderChanges      how often the Lease passed to another holder
     * @param leaders            the holders, in order
     * @param recreated          Workloads deleted by hand and created again afterwards
     * @param ranBeforeSuspended Jobs created running (webhook down) that completed before a controller suspended them
     * @param suspendedOnSight   Jobs created running that a controller suspended
     * @param ranOnAfterDeletion Jobs that ran when their admitted Workload was deleted by hand and
     *                           completed before any controller could react (before they were
     *                           suspended and before their Workload was made again): the deletion's
     *                           exposure, not a violation
     * @param completeWithoutWorkload Jobs Complete at the end with no Workload object: their
     *                           Workload was deleted by hand, or they were created running (webhook
     *                           down) and completed, before a controller could make one; Kueue makes
     *                           no Workload for a finished job (its reconciler returns on one
     *                           first), and neither does Muster
     * @param startedThroughDeletion Jobs whose start, sent while their Workload showed the
     *                           admission, landed after that Workload was deleted by hand: the
     *                           fault raced a write on its way; from there they count as running
     *                           through the deletion (suspended, or completing, before a controller
     *                           makes their Workload again)
     */
    record Result(Map<Check, Integer> violations, Map<Check, List<String>> examples, int leaderChanges, List<String> leaders,
            int workloadVersions, int jobVersions, int deleted, int recreated, int ranBeforeSuspended, int suspendedOnSight,
            int ranOnAfterDeletion, int completeWithoutWorkload, int startedThroughDeletion, Map<String, Long> peakByQueue, Map<String, Long> peakByCohort) {

        int violationCount() {
            return violations.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private record Hold(String queue, long cpu) {
    }

    /** One job as the replay has reached it. */
    private static final class JobState {
        boolean running;
        boolean complete;
        boolean suspendedOnce;
        /** Created not suspended and not yet suspended or admitted: running outside any controller's hands. */
        boolean unguarded;
        Hold hold;
        /** The resourceVersion since which it runs without an admitted Workload, or -1. */
        long unadmittedSince = -1;
        /**
         * Its admitted Workload was deleted by hand while it ran, and no controller has reacted yet
         * (suspended it, or made its Workload again): it runs unadmitted through no controller's doing.
         */
        boolean exposedByDeletion;
        /**
         * Its Workload was deleted by hand while admitted and the job did not run yet, and no
         * Workload of it has been stored since: a start already on its way may still land.
         */
        boolean startMayBeInFlight;
        final Set<String> workloads = new TreeSet<>();
    }

    private final Map<String, WorkloadAudit.Limit> queueLimits;
    private final Map<String, String> cohortOf;
    private final Map<String, WorkloadAudit.Limit> cohortLimits;

    private final Map<String, JobState> jobs = new HashMap<>();
    /** Each Workload's last version; absent once deleted. */
    private final Map<String, WorkloadVersion> workloads = new HashMap<>();
    private final Map<String, Long> queueUsage = new HashMap<>();
    private final Map<String, Long> cohortUsage = new HashMap<>();
    private final Map<String, Long> peakQueue = new HashMap<>();
    private final Map<String, Long> peakCohort = new HashMap<>();
    private final Map<Check, Integer> violations = new EnumMap<>(Check.class);
    private final Map<Check, List<String>> examples = new EnumMap<>(Check.class);
    private final Set<String> deletedByHand = new HashSet<>();
    private final Set<String> recreated = new HashSet<>();
    private final List<String> leaders = new ArrayList<>();
    private int workloadVersions;
    private int jobVersions;
    private int ranBeforeSuspended;
    private int ranOnAfterDeletion;
    private int completeWithoutWorkload;
    private int startedThroughDeletion;
    private int suspendedOnSight;
    /** Every version replayed, for the story of a violation. */
    private List<Version> replayed = List.of();
    /** Who wrote the version at a resourceVersion, if known: the story names them. */
    private java.util.function.LongFunction<java.util.Optional<String>> writers = rv -> java.util.Optional.empty();

    SoakAudit(Map<String, WorkloadAudit.Limit> queueLimits, Map<String, String> cohortOf,
            Map<String, WorkloadAudit.Limit> cohortLimits) {
        this.queueLimits = queueLimits;
        this.cohortOf = cohortOf;
        this.cohortLimits = cohortLimits;
        for (Check c : Check.values()) {
            violations.put(c, 0);
            examples.put(c, new ArrayList<>());
        }
    }

    /**
     * @param versions         every version stored, by resourceVersion
     * @param allJobs          every Job the run created (namespace/name)
     * @param createdUnsuspended the Jobs created while the webhook was down
     */
    /** Names, in a violation's story, who wrote each version. */
    SoakAudit writtenBy(java.util.function.LongFunction<java.util.Optional<String>> writerOf) {
        this.writers = writerOf;
        return this;
    }

    Result check(List<Version> versions, Collection<String> allJobs, Set<String> createdUnsuspended) {
        replayed = versions;
        for (Version v : versions) {
            switch (v) {
                case JobVersion j -> job(j, createdUnsuspended);
                case WorkloadVersion w -> workload(w);
                case WorkloadDeleted d -> deleted(d);
                case LeaseVersion l -> {
                    if (l.holder() != null && !l.holder().isEmpty()
                            && (leaders.isEmpty() || !leaders.get(leaders.size() - 1).equals(l.holder()))) {
                        leaders.add(l.holder());
                    }
                }
            }
        }
        for (String job : allJobs) {
            atTheEnd(job, jobs.get(job));
        }
        return new Result(violations, examples, Math.max(0, leaders.size() - 1), leaders, workloadVersions, jobVersions,
                deletedByHand.size(), recreated.size(), ranBeforeSuspended, suspendedOnSight, ranOnAfterDeletion,
                completeWithoutWorkload, startedThroughDeletion, peakQueue, peakCohort);
    }

    private JobState state(String job) {
        return jobs.computeIfAbsent(job, j -> new JobState());
    }

    private void job(JobVersion j, Set<String> createdUnsuspended) {
        jobVersions++;
        boolean first = !jobs.containsKey(j.job());
        JobState s = state(j.job());
        if (s.complete) {
            return; // a version after its completion (its status written again)
        }
        boolean runs = !j.suspended() && !j.complete();
        if (first && runs && createdUnsuspended.contains(j.job())) {
            s.unguarded = true;
            s.running = true;
            return;
        }
        if (s.unguarded && !runs) {
            s.unguarded = false;
            s.running = false;
            if (j.complete()) {
                ranBeforeSuspended++;
                s.complete = true;
            } else {
                suspendedOnSight++;
                s.suspendedOnce = true;
            }
            return;
        }
        if (s.unguarded) {
            return;
        }
        if (j.complete()) {
            if (s.running && s.unadmittedSince >= 0 && s.exposedByDeletion) {
                ranOnAfterDeletion++;
            } else if (s.running && s.unadmittedSince >= 0) {
                violation(Check.RAN_ON_UNADMITTED, "Job " + j.job() + " ran without an admitted Workload from resourceVersion "
                        + s.unadmittedSince + " to its completion at " + j.rv() + story(j.job(), j.rv()));
            }
            stopped(s);
            s.complete = true;
            return;
        }
        if (j.suspended()) {
            s.suspendedOnce = true;
            stopped(s);
            return;
        }
        if (s.running) {
            return;
        }
        WorkloadVersion admitted = admittedWorkload(s);
        if (admitted == null && s.startMayBeInFlight) {
            // The start was sent while its Workload showed the admission, and landed after the
            // deletion: the fault raced a write on its way. From here it runs through the deletion.
            startedThroughDeletion++;
            s.running = true;
            s.unadmittedSince = j.rv();
            s.exposedByDeletion = true;
            s.startMayBeInFlight = false;
            return;
        }
        if (admitted == null) {
            violation(Check.STARTED_UNADMITTED, "at resourceVersion " + j.rv() + " Job " + j.job()
                    + " was started while no Workload of it was admitted (its Workloads: " + describe(s) + ")"
                    + story(j.job(), j.rv()));
            s.running = true;
            s.unadmittedSince = j.rv();
            return;
        }
        s.running = true;
        hold(j.job(), s, admitted, j.rv());
    }

    private void workload(WorkloadVersion w) {
        workloadVersions++;
        if (w.job() == null) {
            return;
        }
        if (deletedByHand.contains(w.workload()) && !workloads.containsKey(w.workload())) {
            recreated.add(w.workload());
        }
        workloads.put(w.workload(), w);
        JobState s = state(w.job());
        s.exposedByDeletion = false; // a controller made a Workload of it (again): from here it answers for it
        s.startMayBeInFlight = false;
        s.workloads.add(w.workload());
        long holding = s.workloads.stream().map(workloads::get)
                .filter(v -> v != null && v.quotaReserved() && !v.finished()).count();
        if (holding > 1) {
            violation(Check.ADMITTED_TWICE, "at resourceVersion " + w.rv() + " job " + w.job() + " has " + holding
                    + " Workloads holding quota: " + describe(s));
        }
        admissionChanged(w.job(), s, w.rv());
    }

    private void deleted(WorkloadDeleted d) {
        WorkloadVersion last = workloads.remove(d.workload());
        deletedByHand.add(d.workload());
        recreated.remove(d.workload());
        if (last != null && last.job() != null) {
            JobState s = state(last.job());
            s.exposedByDeletion = s.running && last.admitted();
            s.startMayBeInFlight = !s.running && last.admitted();
            admissionChanged(last.job(), state(last.job()), d.rv());
        }
    }

    /** A Workload of the job changed or went: a running job is admitted or not from here on. */
    private void admissionChanged(String job, JobState s, long rv) {
        if (!s.running || s.complete) {
            return;
        }
        WorkloadVersion admitted = admittedWorkload(s);
        if (s.unguarded) {
            if (admitted != null) {
                s.unguarded = false; // admitted while it ran: from here it is the controller's
                hold(job, s, admitted, rv);
            }
            return;
        }
        if (admitted == null) {
            if (s.unadmittedSince < 0) {
                s.unadmittedSince = rv;
            }
        } else {
            s.unadmittedSince = -1;
            if (s.hold == null) {
                hold(job, s, admitted, rv);
            }
        }
    }

    private void atTheEnd(String job, JobState s) {
        if (s == null) {
            violation(Check.NOT_FINISHED, "Job " + job + " was never seen stored");
            return;
        }
        if (s.running && s.unadmittedSince >= 0) {
            violation(Check.RAN_ON_UNADMITTED, "Job " + job + " still runs at the end without an admitted Workload (since "
                    + "resourceVersion " + s.unadmittedSince + ")");
        }
        List<WorkloadVersion> present = s.workloads.stream().map(workloads::get).filter(v -> v != null).toList();
        if (s.complete && present.isEmpty()) {
            completeWithoutWorkload++; // Kueue makes no Workload for a finished job: the fault's exposure
        } else if (present.stream().noneMatch(WorkloadVersion::finished)) {
            violation(Check.NOT_FINISHED, "job " + job + (s.complete ? " (its Job Complete)" : s.running ? " (its Job runs)"
                    : " (its Job suspended)") + ": " + (present.isEmpty() ? "no Workload object"
                    + (s.workloads.stream().anyMatch(deletedByHand::contains) ? " (deleted by hand, never created again)" : "")
                    : "Workload " + describe(s)));
        }
        if (!s.running && !s.complete && present.stream().anyMatch(v -> v.quotaReserved() && !v.finished())) {
            violation(Check.SUSPENDED_WITH_QUOTA, "Job " + job + " is suspended and its Workload holds quota: " + describe(s));
        }
    }

    private WorkloadVersion admittedWorkload(JobState s) {
        for (String name : s.workloads) {
            WorkloadVersion v = workloads.get(name);
            if (v != null && v.admitted() && !v.finished() && v.clusterQueue() != null) {
                return v;
            }
        }
        return null;
    }

    private void hold(String job, JobState s, WorkloadVersion w, long rv) {
        s.hold = new Hold(w.clusterQueue(), w.cpuMilli());
        long q = queueUsage.merge(w.clusterQueue(), w.cpuMilli(), Long::sum);
        peakQueue.merge(w.clusterQueue(), q, Math::max);
        WorkloadAudit.Limit ql = queueLimits.get(w.clusterQueue());
        if (ql == null || q > ql.maxMilli()) {
            violation(Check.OVER_QUOTA, "at resourceVersion " + rv + " ClusterQueue " + w.clusterQueue() + " held "
                    + PerfManifests.quantity(q) + " cpu (limit " + (ql == null ? "none: unknown queue"
                    : PerfManifests.quantity(ql.maxMilli())) + ") after starting " + job);
        }
        String cohort = cohortOf.get(w.clusterQueue());
        if (cohort != null) {
            long c = cohortUsage.merge(cohort, w.cpuMilli(), Long::sum);
            peakCohort.merge(cohort, c, Math::max);
            WorkloadAudit.Limit cl = cohortLimits.get(cohort);
            if (cl != null && c > cl.maxMilli()) {
                violation(Check.OVER_QUOTA, "at resourceVersion " + rv + " cohort " + cohort + " held "
                        + PerfManifests.quantity(c) + " cpu (limit " + PerfManifests.quantity(cl.maxMilli())
                        + ") after starting " + job + "; running: " + holders(cohort));
            }
        }
    }

    /** The jobs holding quota in a cohort now, with what they hold. */
    private String holders(String cohort) {
        List<String> out = new ArrayList<>();
        jobs.forEach((job, s) -> {
            if (s.hold != null && cohort.equals(cohortOf.get(s.hold.queue()))) {
                out.add(job + "=" + PerfManifests.quantity(s.hold.cpu()));
            }
        });
        out.sort(null);
        return String.join(", ", out);
    }

    private void stopped(JobState s) {
        s.running = false;
        s.unadmittedSince = -1;
        s.exposedByDeletion = false;
        if (s.hold != null) {
            queueUsage.merge(s.hold.queue(), -s.hold.cpu(), Long::sum);
            String cohort = cohortOf.get(s.hold.queue());
            if (cohort != null) {
                cohortUsage.merge(cohort, -s.hold.cpu(), Long::sum);
            }
            s.hold = null;
        }
    }

    /**
     * What was stored of a job and its Workloads up to {@code rv}, one version a line, with the
     * leader changes among them: how a violation came about.
     */
    private String story(String job, long rv) {
        List<Version> own = VersionLog.of(replayed, job);
        long from = own.isEmpty() ? rv : own.get(0).rv();
        StringBuilder out = new StringBuilder();
        String holder = null;
        for (Version v : replayed) {
            if (v.rv() > rv) {
                break;
            }
            if (v instanceof LeaseVersion l) {
                if (l.holder() != null && !l.holder().equals(holder) && v.rv() >= from) {
                    out.append("\n               ").append(v.rv()).append(" the lease passes to ").append(l.holder());
                }
                holder = l.holder();
            } else if (own.contains(v)) {
                out.append("\n               ").append(v).append(writers.apply(v.rv()).map(w -> " by " + w).orElse(""));
            }
        }
        return out.toString();
    }

    private String describe(JobState s) {
        List<String> out = new ArrayList<>();
        for (String name : s.workloads) {
            WorkloadVersion v = workloads.get(name);
            out.add(name + (v == null ? " deleted" : " quotaReserved=" + v.quotaReserved() + " admitted=" + v.admitted()
                    + " finished=" + v.finished()));
        }
        return out.isEmpty() ? "none" : String.join(", ", out);
    }

    private void violation(Check check, String what) {
        violations.merge(check, 1, Integer::sum);
        List<String> ex = examples.get(check);
        if (ex.size() < 10) {
            ex.add(what);
        }
    }
}
