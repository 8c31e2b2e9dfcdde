package dev.muster.sim.provisioning;

import dev.muster.api.kueue.ProvisioningRequestConfig;

import dev.muster.api.kueue.AdmissionCheckDeclaration;
import dev.muster.api.scenario.DeclaredObject;
import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.checks.ProvisioningCheck;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.placement.GpuRequest;
import dev.muster.core.placement.NodeSpec;
import dev.muster.sim.Timeline;
import dev.muster.sim.VirtualTime;
import dev.muster.sim.autoscaler.NodePoolAutoscaler;
import dev.muster.sim.report.Report;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Kueue's ProvisioningRequest admission check controller
 * ({@value AdmissionCheckDeclaration#PROVISIONING_CONTROLLER}). When a workload reserves quota
 * under such a check, it creates one ProvisioningRequest for the pod sets that use the config's
 * managed resources, named {@code <workload>-<check>-<attempt>}, and turns the request's
 * conditions into the check's state: Provisioned → Ready, with the pods bound to the new nodes;
 * Failed, or BookingExpired before admission → Retry after a backoff while retries remain, then
 * Rejected; CapacityRevoked → Rejected, which evicts a running workload.
 */
public final class ProvisioningCheckController {

    /** Where the controller says why a workload holding quota still waits (its status message). */
    public interface WorkloadMessages {
        void waiting(ObjectKey workload, String message);
    }

    /**
     * A workload that reserved quota, as the controller names it.
     *
     * @param workload    the engine's key
     * @param ownerKind   the kind of the user's object (RayJob, Job, ...), which Kueue's workload name starts with
     * @param owner       the user's object
     * @param eventObject how timeline events name the user's object
     */
    public record Reservation(ObjectKey workload, String ownerKind, ObjectKey owner, String eventObject) {
    }

    private final Map<String, Optional<ProvisioningRequestConfig>> checks = new HashMap<>();
    private final Engine engine;
    private final NodePoolAutoscaler autoscaler;
    private final Timeline timeline;
    private final VirtualTime time;
    private final WorkloadMessages messages;
    /** Every request made, in the order made. */
    private final List<ProvisioningRequest> requests = new ArrayList<>();
    /** The request of each workload's current reservation, by workload and check. */
    private final Map<List<Object>, ProvisioningRequest> current = new HashMap<>();
    private final Map<List<Object>, Reservation> reservations = new HashMap<>();
    private final Map<List<Object>, Integer> attempts = new HashMap<>();
    private final Map<List<Object>, Integer> failures = new HashMap<>();

    public ProvisioningCheckController(List<DeclaredObject> admissionChecks, List<DeclaredObject> configs,
            Engine engine, NodePoolAutoscaler autoscaler, Timeline timeline, VirtualTime time, WorkloadMessages messages) {
        Map<String, ProvisioningRequestConfig> byName = new HashMap<>();
        configs.forEach(c -> byName.put(c.name(), ProvisioningRequestConfig.of(c)));
        for (DeclaredObject check : admissionChecks) {
            var spec = check.body().path("spec");
            if (spec.path("controllerName").asText("").equals(AdmissionCheckDeclaration.PROVISIONING_CONTROLLER)) {
                String config = spec.path("parameters").path("name").asText("");
                checks.put(check.name(), Optional.ofNullable(byName.get(config)));
            }
        }
        this.engine = engine;
        this.autoscaler = autoscaler;
        this.timeline = timeline;
        this.time = time;
        this.messages = messages;
        autoscaler.onRequestChange(this::changed);
    }

    /** Whether this controller runs the check. */
    public boolean runs(String check) {
        return checks.containsKey(check);
    }

    /** The workload reserved quota under {@code check}: a request for the capacity of its managed pod sets. */
    public void quotaReserved(Reservation reservation, String check) {
        ObjectKey key = reservation.workload();
        Optional<ProvisioningRequestConfig> config = checks.get(check);
        if (config.isEmpty()) {
            messages.waiting(key, "admission check " + check + " has no parameters naming a ProvisioningRequestConfig;"
                    + " Kueue keeps such a check inactive, so it stays Pending");
            return;
        }
        ProvisioningRequestConfig c = config.get();
        List<GangPlacer.PodGroup> managed = engine.podGroups(key).stream()
                .filter(g -> c.manages(requested(g))).toList();
        if (managed.isEmpty()) {
            String why = "no pod set asks for " + String.join(" or ", new TreeSet<>(c.managedResources()))
                    + ", so no capacity needs provisioning";
            timeline.add(time.nowMillis(), reservation.eventObject(), "Normal", "AdmissionCheck",
                    "admission check " + check + ": Ready (" + why + ")");
            engine.updateCheck(key, check, CheckState.READY, why, 0);
            return;
        }
        List<Object> id = List.of(key, check);
        int attempt = attempts.merge(id, 1, Integer::sum);
        String name = kueueWorkloadName(reservation.ownerKind(), reservation.owner()) + "-" + check + "-" + attempt;
        ProvisioningRequest request = new ProvisioningRequest(name, key, reservation.owner().toString(), check, attempt,
                c.provisioningClassName(), c.parameters(), managed, timeline);
        requests.add(request);
        current.put(id, request);
        reservations.put(id, reservation);
        request.created(time.nowMillis(), "by admission check " + check + " for " + reservation.eventObject()
                + ": " + describe(managed) + ", class " + c.provisioningClassName());
        messages.waiting(key, "waiting for ProvisioningRequest " + name + " (class " + c.provisioningClassName()
                + ") to be provisioned");
        autoscaler.submit(request).ifPresent(why -> messages.waiting(key, "ProvisioningRequest " + name + ": " + why));
    }

    /** The workload gave up its quota (finished, evicted, deleted): Kueue deletes its requests. */
    public void released(ObjectKey workload) {
        for (var it = current.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().get(0).equals(workload)) {
                e.getValue().withdraw();
                autoscaler.withdraw(e.getValue());
                it.remove();
            }
        }
    }

    private void changed(ProvisioningRequest request) {
        List<Object> id = List.of(request.workload(), request.check());
        if (request.withdrawn() || current.get(id) != request) {
            return;
        }
        ObjectKey key = request.workload();
        String check = request.check();
        String what = "ProvisioningRequest " + request.name();
        java.util.Set<ProvisioningCheck.Condition> conditions = java.util.EnumSet.noneOf(ProvisioningCheck.Condition.class);
        if (request.accepted()) {
            conditions.add(ProvisioningCheck.Condition.ACCEPTED);
        }
        if (request.provisioned()) {
            conditions.add(ProvisioningCheck.Condition.PROVISIONED);
        }
        if (request.failed()) {
            conditions.add(ProvisioningCheck.Condition.FAILED);
        }
        if (request.bookingExpired()) {
            conditions.add(ProvisioningCheck.Condition.BOOKING_EXPIRED);
        }
        if (request.capacityRevoked()) {
            conditions.add(ProvisioningCheck.Condition.CAPACITY_REVOKED);
        }
        ProvisioningCheck.Verdict verdict = ProvisioningCheck.verdict(conditions, what, request.message(),
                engine.isAdmitted(key), failures.getOrDefault(id, 0), configOf(check).retry());
        switch (verdict) {
            case ProvisioningCheck.Verdict.Rejected r -> {
                if (r.failure()) {
                    failures.merge(id, 1, Integer::sum);
                }
                note(id, check, "Rejected", r.message());
                engine.updateCheck(key, check, CheckState.REJECTED, r.message(), 0);
            }
            case ProvisioningCheck.Verdict.Retry r -> {
                failures.put(id, r.failure());
                note(id, check, "Retry", r.message() + "; a new request in " + Timeline.duration(r.backoffMillis()));
                engine.updateCheck(key, check, CheckState.RETRY, r.message(), r.backoffMillis());
            }
            case ProvisioningCheck.Verdict.Ready r -> {
                note(id, check, "Ready", r.message());
                Map<String, Map<String, String>> selectors = new LinkedHashMap<>();
                for (GangPlacer.PodGroup g : request.podSets()) {
                    selectors.put(g.podSet(), Map.of(NodePoolAutoscaler.REQUEST_LABEL, request.name()));
                }
                engine.updateCheck(key, check, CheckState.READY, r.message(), 0, selectors);
            }
            case ProvisioningCheck.Verdict.Waiting w -> {
                if (request.accepted()) {
                    messages.waiting(key, what + " is accepted (" + request.message() + "); waiting for it to be provisioned");
                }
            }
        }
    }

    private void note(List<Object> id, String check, String state, String message) {
        timeline.add(time.nowMillis(), reservations.get(id).eventObject(), "Ready".equals(state) ? "Normal" : "Warning",
                "AdmissionCheck", "admission check " + check + ": " + state + " (" + message + ")");
    }

    private ProvisioningRequestConfig configOf(String check) {
        return checks.get(check).orElseThrow();
    }

    /** Every request made, for the report. */
    public List<Report.ProvisioningRequestReport> report() {
        return requests.stream().map(ProvisioningRequest::report).toList();
    }

    /** The resources a pod of the group asks for (GPUs included however they are asked for). */
    private static Set<String> requested(GangPlacer.PodGroup g) {
        Set<String> out = new TreeSet<>();
        g.shape().requests().amounts().forEach((r, q) -> {
            if (q.milli() > 0) {
                out.add(r);
            }
        });
        if (!(g.shape().gpu() instanceof GpuRequest.None)) {
            out.add(NodeSpec.GPU);
        }
        return out;
    }

    private static String describe(List<GangPlacer.PodGroup> groups) {
        return String.join(", ", groups.stream().map(g -> g.podSet() + " x" + g.count()).toList());
    }

    /** The name Kueue gives the Workload of a job (see {@link KueueWorkloadNames}). */
    static String kueueWorkloadName(String kind, ObjectKey key) {
        return KueueWorkloadNames.of(kind, key);
    }
}
