package dev.muster.bench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.bench.operator.SoakAudit.Check;
import dev.muster.bench.operator.VersionLog.JobVersion;
import dev.muster.bench.operator.VersionLog.LeaseVersion;
import dev.muster.bench.operator.VersionLog.Version;
import dev.muster.bench.operator.VersionLog.WorkloadDeleted;
import dev.muster.bench.operator.VersionLog.WorkloadVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The soak's audit on stories written out version by version: one ClusterQueue {@code cq} (4 cpu
 * with its borrowing limit) alone in cohort {@code co} (4 cpu), jobs {@code ns/a} and {@code ns/b}
 * of 1 or 3 cpu.
 */
class SoakAuditTest {

    private final List<Version> story = new ArrayList<>();
    private long rv;

    private void job(String job, boolean suspended, boolean complete) {
        story.add(new JobVersion(++rv, "ns/" + job, suspended, complete));
    }

    private void pending(String job) {
        workload(job, "w-" + job, false, false, 0);
    }

    private void admitted(String job, long cpu) {
        workload(job, "w-" + job, true, false, cpu);
    }

    private void finished(String job) {
        workload(job, "w-" + job, false, true, 0);
    }

    private void workload(String job, String name, boolean admitted, boolean finished, long cpu) {
        story.add(new WorkloadVersion(++rv, "ns/" + name, "uid-" + name, "ns/" + job, admitted, admitted, finished,
                admitted ? "cq" : null, cpu));
    }

    private void deleted(String job) {
        story.add(new WorkloadDeleted(++rv, "ns/w-" + job));
    }

    private void lease(String holder) {
        story.add(new LeaseVersion(++rv, "default/muster-leader", holder));
    }

    /** A job as it should go: created suspended, queued, admitted, started, complete, finished. */
    private void runs(String job, long cpu) {
        job(job, true, false);
        pending(job);
        admitted(job, cpu);
        job(job, false, false);
        job(job, false, true);
        finished(job);
    }

    private SoakAudit.Result audit(Set<String> jobs, Set<String> createdRunning) {
        return new SoakAudit(Map.of("cq", new WorkloadAudit.Limit("cq", 4000)), Map.of("cq", "co"),
                Map.of("co", new WorkloadAudit.Limit("co", 4000))).check(story, jobs, createdRunning);
    }

    private SoakAudit.Result audit(String... jobs) {
        Set<String> all = new java.util.TreeSet<>();
        for (String j : jobs) {
            all.add("ns/" + j);
        }
        return audit(all, Set.of());
    }

    @Test
    void jobsAdmittedBeforeTheyStartAndFinishedAtTheEndAreNoViolation() {
        lease("one");
        runs("a", 1000);
        lease("one");
        lease("two");
        runs("b", 3000);

        SoakAudit.Result r = audit("a", "b");

        assertThat(r.violationCount()).as("%s", r.examples()).isZero();
        assertThat(r.leaderChanges()).isEqualTo(1);
        assertThat(r.leaders()).containsExactly("one", "two");
        assertThat(r.peakByCohort()).containsEntry("co", 3000L);
    }

    @Test
    void aJobStartedBeforeItsWorkloadShowsTheAdmissionIsAViolation() {
        job("a", true, false);
        pending("a");
        job("a", false, false);
        admitted("a", 1000);
        job("a", false, true);
        finished("a");

        SoakAudit.Result r = audit("a");

        assertThat(r.violations()).containsEntry(Check.STARTED_UNADMITTED, 1).containsEntry(Check.RAN_ON_UNADMITTED, 0);
    }

    /**
     * A job that completes right after its Workload is deleted under it ran on through the
     * deletion, not through a controller: that is the fault's exposure. It then stays without a
     * Workload, as Kueue leaves a finished job (its reconciler returns on one before making a
     * Workload); a controller that never makes the Workload of a job that is not finished is
     * still caught (below).
     */
    @Test
    void aWorkloadDeletedUnderARunningJobThatCompletesBeforeAnyControllerReactsIsTheFaultsExposure() {
        job("a", true, false);
        pending("a");
        admitted("a", 1000);
        job("a", false, false);
        deleted("a");
        job("a", false, true);

        SoakAudit.Result r = audit("a");

        // Complete without a Workload: Kueue makes none for a finished job, and neither does Muster.
        assertThat(r.violations()).containsEntry(Check.RAN_ON_UNADMITTED, 0).containsEntry(Check.NOT_FINISHED, 0);
        assertThat(r.ranOnAfterDeletion()).isEqualTo(1);
        assertThat(r.completeWithoutWorkload()).isEqualTo(1);
        assertThat(r.deleted()).isEqualTo(1);
        assertThat(r.recreated()).isZero();
    }

    /**
     * The start was on its way when the admitted Workload was deleted, and landed after: the fault
     * raced the write. The job then runs through the deletion: it must be suspended (or complete)
     * before a controller makes its Workload again.
     */
    @Test
    void aStartLandingAfterItsAdmittedWorkloadWasDeletedIsTheFaultsExposure() {
        job("a", true, false);
        pending("a");
        admitted("a", 1000);
        deleted("a");
        job("a", false, false);
        job("a", true, false);
        pending("a");

        SoakAudit.Result r = audit("a");

        assertThat(r.violations()).containsEntry(Check.STARTED_UNADMITTED, 0).containsEntry(Check.RAN_ON_UNADMITTED, 0);
        assertThat(r.startedThroughDeletion()).isEqualTo(1);
    }

    /** A start after the Workload was deleted and made again (not admitted) is the controller's: a violation. */
    @Test
    void aStartAfterItsWorkloadWasMadeAgainUnadmittedIsAViolation() {
        job("a", true, false);
        pending("a");
        admitted("a", 1000);
        deleted("a");
        pending("a");
        job("a", false, false);

        SoakAudit.Result r = audit("a");

        assertThat(r.violations()).containsEntry(Check.STARTED_UNADMITTED, 1);
        assertThat(r.startedThroughDeletion()).isZero();
    }

    /** A job not Complete whose Workload was deleted and never made again is a violation. */
    @Test
    void aSuspendedJobWhoseWorkloadWasDeletedAndNeverMadeAgainIsAViolation() {
        job("a", true, false);
        pending("a");
        deleted("a");

        SoakAudit.Result r = audit("a");

        assertThat(r.violations()).containsEntry(Check.NOT_FINISHED, 1);
        assertThat(r.completeWithoutWorkload()).isZero();
    }

    /** Once a controller made the Workload again, a job that still runs unadmitted is the controller's doing. */
    @Test
    void aJobRunningOnAfterItsWorkloadWasMadeAgainIsAViolation() {
        job("a", true, false);
        pending("a");
        admitted("a", 1000);
        job("a", false, false);
        deleted("a");
        pending("a"); // made again, not admitted; the job was not suspended
        job("a", false, true);

        SoakAudit.Result r = audit("a");

        assertThat(r.violations()).containsEntry(Check.RAN_ON_UNADMITTED, 1);
        assertThat(r.ranOnAfterDeletion()).isZero();
    }

    @Test
    void aWorkloadDeletedUnderARunningJobThatIsStoppedAndAdmittedAgainIsNoViolation() {
        job("a", true, false);
        pending("a");
        admitted("a", 1000);
        job("a", false, false);
        deleted("a");
        job("a", true, false); // as Kueue: no Workload, so the job is stopped
        pending("a"); // and its Workload created again
        admitted("a", 1000);
        job("a", false, false);
        job("a", false, true);
        finished("a");

        SoakAudit.Result r = audit("a");

        assertThat(r.violationCount()).as("%s", r.examples()).isZero();
        assertThat(r.recreated()).isEqualTo(1);
    }

    @Test
    void twoWorkloadsOfOneJobHoldingQuotaAtOnceAreAViolation() {
        job("a", true, false);
        workload("a", "w-a", true, false, 1000);
        workload("a", "w-a-again", true, false, 1000);

        assertThat(audit("a").violations()).containsEntry(Check.ADMITTED_TWICE, 1);
    }

    @Test
    void runningJobsAboveTheQuotaAreAViolation() {
        job("a", true, false);
        job("b", true, false);
        admitted("a", 3000);
        admitted("b", 3000);
        job("a", false, false);
        job("b", false, false);

        SoakAudit.Result r = audit("a", "b");

        assertThat(r.violations().get(Check.OVER_QUOTA)).as("the ClusterQueue and the cohort").isEqualTo(2);
        assertThat(r.examples().get(Check.OVER_QUOTA).get(1)).contains("running: ns/a=3, ns/b=3");
    }

    @Test
    void aJobCreatedRunningWhileTheWebhookIsDownIsTheFaultNotAViolationOnceSuspended() {
        job("a", false, false); // created running
        job("a", true, false); // suspended on sight
        pending("a");
        admitted("a", 1000);
        job("a", false, false);
        job("a", false, true);
        finished("a");
        job("b", false, false); // created running, and done before anyone saw it
        job("b", false, true);
        finished("b");

        SoakAudit.Result r = audit(Set.of("ns/a", "ns/b"), Set.of("ns/a", "ns/b"));

        assertThat(r.violationCount()).as("%s", r.examples()).isZero();
        assertThat(r.suspendedOnSight()).isEqualTo(1);
        assertThat(r.ranBeforeSuspended()).isEqualTo(1);
    }

    @Test
    void aSuspendedJobWhoseWorkloadStillHoldsQuotaAtTheEndIsAViolation() {
        job("a", true, false);
        admitted("a", 1000);

        SoakAudit.Result r = audit("a");

        assertThat(r.violations()).containsEntry(Check.SUSPENDED_WITH_QUOTA, 1).containsEntry(Check.NOT_FINISHED, 1);
    }
}
