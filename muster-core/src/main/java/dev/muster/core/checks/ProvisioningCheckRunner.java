package dev.muster.core.checks;

import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.queue.PodSetAssignment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Kueue's ProvisioningRequest admission check controller, once for the simulator and the operator.
 * Per workload and check it keeps the attempt, the failures and the current request; when the
 * workload reserves quota it asks the {@link CapacityPort} for a request named
 * {@code <workload>-<check>-<attempt>} for the managed pod sets ({@link ManagedPodSets}), and
 * turns what the autoscaler then says of the request into the check's state
 * ({@link ProvisioningCheck}), each outcome once per request however often it is reported.
 * Updates go to the engine side as {@link CheckUpdate}s; a Retry's next request is made when the
 * workload reserves quota again, after the backoff.
 */
public final class ProvisioningCheckRunner {

    /** Kueue's message for a check whose parameters name no ProvisioningRequestConfig. */
    public static final String INACTIVE = " has no parameters naming a ProvisioningRequestConfig;"
            + " Kueue keeps such a check inactive, so it stays Pending";

    /**
     * A workload that reserved quota.
     *
     * @param workload     the engine's key
     * @param workloadName the name of Kueue's Workload object, which request names start with
     * @param podSets      the workload's pod sets
     * @param assignment   how many pods of each pod set the reservation holds
     */
    public record Reservation(ObjectKey workload, String workloadName, List<PodSet> podSets,
            List<PodSetAssignment> assignment) {
    }

    private record RunKey(ObjectKey workload, String check) {
    }

    /** One workload's check: its attempts so far and the request of the latest. */
    private static final class CheckRun {
        int attempt;
        int failures;
        CapacityRequest current;
        /** The outcomes already acted on for {@link #current}: informers repeat objects. */
        final Set<String> actedOn = new HashSet<>();

        void start(CapacityRequest request) {
            attempt = request.attempt();
            current = request;
            actedOn.clear();
        }
    }

    private Map<String, Optional<ProvisioningRequestConfig>> checks = Map.of();
    private final Map<RunKey, CheckRun> runs = new HashMap<>();
    private final Map<String, RunKey> byRequestName = new HashMap<>();

    /**
     * The checks run here: every AdmissionCheck of Kueue's provisioning controller, with the config
     * its parameters name (empty: the check is inactive). What earlier attempts did is kept.
     */
    public void configure(Map<String, Optional<ProvisioningRequestConfig>> checksByName) {
        checks = Map.copyOf(checksByName);
    }

    public boolean runs(String check) {
        return checks.containsKey(check);
    }

    /**
     * The workload reserved quota under {@code check}: Ready at once when no pod set needs
     * capacity, else the next attempt's request, made through {@code port}.
     */
    public void quotaReserved(Reservation reservation, String check, CapacityPort port, Consumer<CheckUpdate> engine) {
        ObjectKey workload = reservation.workload();
        Optional<ProvisioningRequestConfig> config = checks.getOrDefault(check, Optional.empty());
        if (config.isEmpty()) {
            engine.accept(new CheckUpdate.Pending(workload, check, "admission check " + check + INACTIVE));
            return;
        }
        ProvisioningRequestConfig c = config.get();
        List<CapacityRequest.PodSetCount> managed = ManagedPodSets.of(c, reservation.podSets(), reservation.assignment());
        if (managed.isEmpty()) {
            String why = "no pod set asks for " + String.join(" or ", new TreeSet<>(c.managedResources()))
                    + ", so no capacity needs provisioning";
            engine.accept(new CheckUpdate.Ready(workload, check, why, Optional.empty()));
            return;
        }
        RunKey key = new RunKey(workload, check);
        CheckRun run = runs.computeIfAbsent(key, k -> new CheckRun());
        int attempt = run.attempt + 1;
        CapacityRequest request = new CapacityRequest(RequestNames.of(reservation.workloadName(), check, attempt),
                workload, check, attempt, c.provisioningClassName(), c.parameters(), managed);
        follow(key, run, request);
        engine.accept(new CheckUpdate.Pending(workload, check, "waiting for ProvisioningRequest " + request.name()
                + " (class " + c.provisioningClassName() + ") to be provisioned"));
        port.create(request);
    }

    /**
     * Takes over a request made before (by a previous leader): it is the check's current attempt,
     * and the attempts before it count as failures (each was retried after one), so the retry
     * limit holds.
     */
    public void adopt(CapacityRequest request) {
        RunKey key = new RunKey(request.workload(), request.check());
        CheckRun run = runs.computeIfAbsent(key, k -> new CheckRun());
        follow(key, run, request);
        run.failures = request.attempt() - 1;
    }

    private void follow(RunKey key, CheckRun run, CapacityRequest request) {
        if (run.current != null) {
            byRequestName.remove(run.current.name());
        }
        run.start(request);
        byRequestName.put(request.name(), key);
    }

    /**
     * The autoscaler set a request's conditions (each true one with its message): the check
     * follows. Requests that are not current (superseded, released, not Kueue's) are ignored.
     *
     * @param admitted which workloads are admitted (a booking that expires after that does not count)
     */
    public void requestChanged(String requestName, Map<ProvisioningCheck.Condition, String> conditions,
            Predicate<ObjectKey> admitted, Consumer<CheckUpdate> engine) {
        RunKey key = byRequestName.get(requestName);
        if (key == null) {
            return;
        }
        CheckRun run = runs.get(key);
        CapacityRequest r = run.current;
        RetryStrategy retry = checks.getOrDefault(key.check(), Optional.empty())
                .map(ProvisioningRequestConfig::retry).orElse(RetryStrategy.KUEUE_DEFAULT);
        String what = "ProvisioningRequest " + r.name();
        switch (ProvisioningCheck.verdict(conditions, what, admitted.test(r.workload()), run.failures, retry)) {
            case ProvisioningCheck.Verdict.Rejected v -> {
                if (run.actedOn.add("Rejected")) {
                    run.failures += v.failure() ? 1 : 0;
                    engine.accept(new CheckUpdate.Rejected(r.workload(), r.check(), v.message(), r));
                }
            }
            case ProvisioningCheck.Verdict.Retry v -> {
                if (run.actedOn.add("Retry")) {
                    run.failures = v.failure();
                    engine.accept(new CheckUpdate.Retry(r.workload(), r.check(), v.message(), v.backoffMillis(), r));
                }
            }
            case ProvisioningCheck.Verdict.Ready v -> {
                if (run.actedOn.add("Ready")) {
                    engine.accept(new CheckUpdate.Ready(r.workload(), r.check(), v.message(), Optional.of(r)));
                }
            }
            case ProvisioningCheck.Verdict.Waiting w -> {
                String accepted = conditions.get(ProvisioningCheck.Condition.ACCEPTED);
                if (accepted != null && run.actedOn.add("Accepted")) {
                    engine.accept(new CheckUpdate.Pending(r.workload(), r.check(), what + " is accepted (" + accepted
                            + "); waiting for it to be provisioned"));
                }
            }
        }
    }

    /**
     * The engine was rebuilt and the workload's checks are Pending again: the checks whose current
     * request was already provisioned are told Ready again.
     */
    public void reapply(ObjectKey workload, Consumer<CheckUpdate> engine) {
        for (CheckRun run : runsOf(workload)) {
            if (run.actedOn.contains("Ready")) {
                CapacityRequest r = run.current;
                engine.accept(new CheckUpdate.Ready(workload, r.check(), "ProvisioningRequest " + r.name()
                        + " is provisioned", Optional.of(r)));
            }
        }
    }

    /** The workload gave up its quota (finished, evicted, deleted): Kueue deletes its requests. */
    public void released(ObjectKey workload, CapacityPort port) {
        for (CheckRun run : runsOf(workload)) {
            CapacityRequest r = run.current;
            byRequestName.remove(r.name());
            run.current = null;
            port.delete(r);
        }
    }

    /** The current request of a workload's check, if it has one. */
    public Optional<CapacityRequest> current(ObjectKey workload, String check) {
        CheckRun run = runs.get(new RunKey(workload, check));
        return Optional.ofNullable(run == null ? null : run.current);
    }

    /** The runs of the workload that have a current request, in request-name order (deterministic). */
    private List<CheckRun> runsOf(ObjectKey workload) {
        List<CheckRun> out = new ArrayList<>();
        runs.forEach((key, run) -> {
            if (key.workload().equals(workload) && run.current != null) {
                out.add(run);
            }
        });
        out.sort(java.util.Comparator.comparing(r -> r.current.name()));
        return out;
    }
}
