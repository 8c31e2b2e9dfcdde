package dev.muster.core.checks;

import static dev.muster.core.checks.ProvisioningCheck.Condition.ACCEPTED;
import static dev.muster.core.checks.ProvisioningCheck.Condition.BOOKING_EXPIRED;
import static dev.muster.core.checks.ProvisioningCheck.Condition.CAPACITY_REVOKED;
import static dev.muster.core.checks.ProvisioningCheck.Condition.FAILED;
import static dev.muster.core.checks.ProvisioningCheck.Condition.PROVISIONED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.CheckState;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceList;
import dev.muster.core.queue.PodSetAssignment;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The ProvisioningRequest check runner, case by case as Kueue's provisioning controller tests
 * ({@code pkg/controller/admissionchecks/provisioning/controller_test.go}) put them; each test
 * names the Kueue case it follows.
 */
class ProvisioningCheckRunnerTest {

    private static final ObjectKey WORKLOAD = new ObjectKey("ns", "wl");
    private static final String CHECK = "check1";
    private static final ProvisioningRequestConfig GPU_CONFIG = new ProvisioningRequestConfig("config1",
            "queued-provisioning.gke.io", Set.of("nvidia.com/gpu"), Map.of("maxRunDurationSeconds", "600"),
            new RetryStrategy(2, 60_000, 1_800_000));

    private final ProvisioningCheckRunner runner = new ProvisioningCheckRunner();
    private final List<CapacityRequest> created = new ArrayList<>();
    private final List<CapacityRequest> deleted = new ArrayList<>();
    private final List<CheckUpdate> updates = new ArrayList<>();
    private final CapacityPort port = new CapacityPort() {
        @Override
        public void create(CapacityRequest request) {
            created.add(request);
        }

        @Override
        public void delete(CapacityRequest request) {
            deleted.add(request);
        }
    };

    @BeforeEach
    void configure() {
        runner.configure(Map.of(CHECK, Optional.of(GPU_CONFIG), "inactive", Optional.empty()));
    }

    /** Kueue: "with config" — the first request is named {@code <workload>-<check>-1} and carries the config. */
    @Test
    void theFirstReservationAsksForAttemptOneWithTheConfigsClassAndParameters() {
        reserve(headAndGpuWorkers(1, 4));

        assertThat(created).singleElement().satisfies(r -> {
            assertThat(r.name()).isEqualTo("wl-check1-1");
            assertThat(r.attempt()).isEqualTo(1);
            assertThat(r.provisioningClassName()).isEqualTo("queued-provisioning.gke.io");
            assertThat(r.parameters()).containsEntry("maxRunDurationSeconds", "600");
        });
        assertThat(updates).singleElement().isInstanceOfSatisfying(CheckUpdate.Pending.class,
                p -> assertThat(p.message()).contains("waiting for ProvisioningRequest wl-check1-1"));
    }

    /** Kueue: "when request is needed for one PodSet (resource request)" — only pod sets that use a managed resource. */
    @Test
    void onlyPodSetsThatAskForAManagedResourceAreRequested() {
        reserve(headAndGpuWorkers(1, 4));

        assertThat(created.get(0).podSets()).containsExactly(new CapacityRequest.PodSetCount("workers", 4));
    }

    /** Kueue: TestMergePodSetsSkipsZeroCounts "zero admission count override" — the assignment's count, not the spec's. */
    @Test
    void aPodSetAsksForTheAssignedPodsAndNoneWhenAssignedNone() {
        List<PodSet> podSets = List.of(PodSet.of("a", 4, gpu()), PodSet.of("b", 2, gpu()));
        runner.quotaReserved(new ProvisioningCheckRunner.Reservation(WORKLOAD, "wl", podSets,
                List.of(new PodSetAssignment("a", 3, Map.of()), new PodSetAssignment("b", 0, Map.of()))),
                CHECK, port, updates::add);

        assertThat(created.get(0).podSets()).containsExactly(new CapacityRequest.PodSetCount("a", 3));
    }

    /** Kueue: "when no request is needed" — no pod set uses a managed resource: Ready, no request. */
    @Test
    void noManagedPodSetIsReadyAtOnceWithoutARequest() {
        reserve(List.of(PodSet.of("main", 2, cpu())));

        assertThat(created).isEmpty();
        assertThat(updates).singleElement().isInstanceOfSatisfying(CheckUpdate.Ready.class, r -> {
            assertThat(r.request()).isEmpty();
            assertThat(r.message()).contains("no pod set asks for nvidia.com/gpu");
        });
    }

    /** Kueue: "missing config" — a check without a config is inactive and stays Pending. */
    @Test
    void aCheckWithoutConfigStaysPending() {
        runner.quotaReserved(reservation(headAndGpuWorkers(1, 1)), "inactive", port, updates::add);

        assertThat(created).isEmpty();
        assertThat(updates).singleElement().satisfies(u -> {
            assertThat(u.state()).isEqualTo(CheckState.PENDING);
            assertThat(u.message()).contains("inactive");
        });
    }

    /** Kueue: "when request is provisioned" — Ready, with the request whose capacity the pods take. */
    @Test
    void aProvisionedRequestMakesTheCheckReady() {
        reserve(headAndGpuWorkers(1, 4));
        updates.clear();

        changed("wl-check1-1", false, ACCEPTED, PROVISIONED);

        assertThat(updates).singleElement().isInstanceOfSatisfying(CheckUpdate.Ready.class,
                r -> assertThat(r.request()).contains(created.get(0)));
    }

    /** Kueue: "workloads status gets updated based on the provisioning request" — Accepted keeps it Pending. */
    @Test
    void anAcceptedRequestKeepsTheCheckPendingWithTheAutoscalersWord() {
        reserve(headAndGpuWorkers(1, 4));
        updates.clear();

        changed("wl-check1-1", false, ACCEPTED);

        assertThat(updates).singleElement().isInstanceOfSatisfying(CheckUpdate.Pending.class,
                p -> assertThat(p.message()).contains("is accepted (said)"));
    }

    /** Kueue: "when request fails and is retried" — Retry with backoff; the next reservation makes attempt 2. */
    @Test
    void aFailedRequestRetriesAfterTheBackoffWithTheNextAttempt() {
        reserve(headAndGpuWorkers(1, 4));
        changed("wl-check1-1", false, FAILED);

        assertThat(last()).isInstanceOfSatisfying(CheckUpdate.Retry.class,
                r -> assertThat(r.backoffMillis()).isEqualTo(60_000));
        runner.released(WORKLOAD, port);
        reserve(headAndGpuWorkers(1, 4));
        changed("wl-check1-2", false, FAILED);

        assertThat(created).extracting(CapacityRequest::name).containsExactly("wl-check1-1", "wl-check1-2");
        assertThat(last()).isInstanceOfSatisfying(CheckUpdate.Retry.class,
                r -> assertThat(r.backoffMillis()).as("doubled").isEqualTo(120_000));
    }

    /** Kueue: "when request fails, and there is no retry" — past backoffLimitCount the check is Rejected. */
    @Test
    void failuresBeyondTheRetryLimitReject() {
        for (int attempt = 1; attempt <= 3; attempt++) {
            reserve(headAndGpuWorkers(1, 4));
            changed("wl-check1-" + attempt, false, FAILED);
            runner.released(WORKLOAD, port);
        }

        assertThat(updates).filteredOn(u -> !(u instanceof CheckUpdate.Pending)).extracting(CheckUpdate::state)
                .containsExactly(CheckState.RETRY, CheckState.RETRY, CheckState.REJECTED);
        assertThat(last().message()).contains("failure 3").contains("backoffLimitCount (2)");
    }

    /**
     * Kueue: "when request fails and is retried" with the check's retry count (syncCheckStates: "We don't
     * want to Retry on old ProvisioningRequests") — a request reported again is not acted on again.
     */
    @Test
    void eachConditionIsActedOnOnce() {
        reserve(headAndGpuWorkers(1, 4));
        updates.clear();

        changed("wl-check1-1", false, ACCEPTED);
        changed("wl-check1-1", false, ACCEPTED);
        changed("wl-check1-1", false, FAILED);
        changed("wl-check1-1", false, FAILED);

        assertThat(updates).extracting(CheckUpdate::state).containsExactly(CheckState.PENDING, CheckState.RETRY);
        runner.released(WORKLOAD, port);
        reserve(headAndGpuWorkers(1, 4));
        changed("wl-check1-2", false, FAILED);
        assertThat(last()).as("one failure counted before, not two")
                .isInstanceOfSatisfying(CheckUpdate.Retry.class, r -> assertThat(r.backoffMillis()).isEqualTo(120_000));
    }

    /** Kueue: "workload retries the admission check when is not admitted and receives ... BookingExpired". */
    @Test
    void anExpiredBookingBeforeAdmissionRetries() {
        reserve(headAndGpuWorkers(1, 4));
        changed("wl-check1-1", false, ACCEPTED, PROVISIONED);
        changed("wl-check1-1", false, ACCEPTED, PROVISIONED, BOOKING_EXPIRED);

        assertThat(last()).isInstanceOf(CheckUpdate.Retry.class);
    }

    /** Kueue: "workload does nothing when admitted and receives the provisioning request's BookingExpired condition". */
    @Test
    void anExpiredBookingAfterAdmissionChangesNothing() {
        reserve(headAndGpuWorkers(1, 4));
        changed("wl-check1-1", false, ACCEPTED, PROVISIONED);
        int before = updates.size();

        changed("wl-check1-1", true, ACCEPTED, PROVISIONED, BOOKING_EXPIRED);

        assertThat(updates).hasSize(before);
    }

    /** Kueue: "workload sets AdmissionCheck status to Rejected when it is not finished and receives ... CapacityRevoked". */
    @Test
    void revokedCapacityRejectsWithoutCountingAFailure() {
        reserve(headAndGpuWorkers(1, 4));
        changed("wl-check1-1", true, ACCEPTED, PROVISIONED, CAPACITY_REVOKED);

        assertThat(last()).isInstanceOfSatisfying(CheckUpdate.Rejected.class,
                r -> assertThat(r.message()).contains("CapacityRevoked"));
    }

    /** Kueue: "request removed on workload evicted" — released requests are deleted and heard of no more. */
    @Test
    void aReleasedRequestIsDeletedAndIgnoredAfterwards() {
        reserve(headAndGpuWorkers(1, 4));
        runner.released(WORKLOAD, port);
        int before = updates.size();

        changed("wl-check1-1", false, ACCEPTED, PROVISIONED);

        assertThat(deleted).containsExactlyElementsOf(created);
        assertThat(updates).hasSize(before);
        assertThat(runner.current(WORKLOAD, CHECK)).isEmpty();
    }

    /** Kueue: TestActiveOrLastPRForChecks — a request taken over is the latest attempt; the ones before were failures. */
    @Test
    void anAdoptedRequestContinuesItsAttemptsAndFailures() {
        runner.adopt(new CapacityRequest("wl-check1-2", WORKLOAD, CHECK, 2, "queued-provisioning.gke.io", Map.of(),
                List.of(new CapacityRequest.PodSetCount("workers", 4))));

        changed("wl-check1-2", false, FAILED);

        assertThat(last()).as("the second failure of a limit of 2").isInstanceOfSatisfying(CheckUpdate.Retry.class,
                r -> assertThat(r.backoffMillis()).isEqualTo(120_000));
        runner.released(WORKLOAD, port);
        reserve(headAndGpuWorkers(1, 4));
        assertThat(created).extracting(CapacityRequest::name).containsExactly("wl-check1-3");
    }

    /** After the engine is rebuilt, what was provisioned is told again. */
    @Test
    void reapplyTellsAProvisionedCheckReadyAgain() {
        reserve(headAndGpuWorkers(1, 4));
        changed("wl-check1-1", false, PROVISIONED);
        updates.clear();

        runner.reapply(WORKLOAD, updates::add);

        assertThat(updates).singleElement().isInstanceOf(CheckUpdate.Ready.class);
    }

    @Test
    void requestNamesCarryTheAttemptAndReadItBack() {
        assertThat(RequestNames.of("job-train-1a2b3", "prov", 7)).isEqualTo("job-train-1a2b3-prov-7");
        assertThat(RequestNames.attempt("job-train-1a2b3-prov-7", "job-train-1a2b3", "prov")).hasValue(7);
        assertThat(RequestNames.attempt("job-train-1a2b3-prov-x", "job-train-1a2b3", "prov")).isEmpty();
        assertThat(RequestNames.attempt("other-prov-1", "job-train-1a2b3", "prov")).isEmpty();
    }

    private void reserve(List<PodSet> podSets) {
        runner.quotaReserved(reservation(podSets), CHECK, port, updates::add);
    }

    private static ProvisioningCheckRunner.Reservation reservation(List<PodSet> podSets) {
        List<PodSetAssignment> assigned = podSets.stream()
                .map(ps -> new PodSetAssignment(ps.name(), ps.count(), Map.of())).toList();
        return new ProvisioningCheckRunner.Reservation(WORKLOAD, "wl", podSets, assigned);
    }

    private void changed(String request, boolean admitted, ProvisioningCheck.Condition... conditions) {
        Map<ProvisioningCheck.Condition, String> byCondition = new EnumMap<>(ProvisioningCheck.Condition.class);
        for (ProvisioningCheck.Condition c : conditions) {
            byCondition.put(c, "said");
        }
        runner.requestChanged(request, byCondition, workload -> admitted, updates::add);
    }

    private CheckUpdate last() {
        return updates.get(updates.size() - 1);
    }

    private static List<PodSet> headAndGpuWorkers(int heads, int workers) {
        return List.of(PodSet.of("head", heads, cpu()), PodSet.of("workers", workers, gpu()));
    }

    private static ResourceList cpu() {
        return ResourceList.parse(Map.of("cpu", "2"));
    }

    private static ResourceList gpu() {
        return ResourceList.parse(Map.of("cpu", "4", "nvidia.com/gpu", "1"));
    }
}
