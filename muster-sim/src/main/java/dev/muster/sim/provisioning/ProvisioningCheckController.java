package dev.muster.sim.provisioning;

import dev.muster.api.kueue.AdmissionCheck;
import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.core.checks.CapacityPort;
import dev.muster.core.checks.CapacityRequest;
import dev.muster.core.checks.CheckUpdate;
import dev.muster.core.checks.ProvisioningCheckRunner;
import dev.muster.core.checks.ProvisioningRequestConfig;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.GangPlacer;
import dev.muster.core.queue.AdmittedWorkload;
import dev.muster.sim.Timeline;
import dev.muster.sim.VirtualTime;
import dev.muster.sim.autoscaler.NodePoolAutoscaler;
import dev.muster.sim.report.Report;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Kueue's ProvisioningRequest admission check controller ({@value AdmissionCheck#PROVISIONING_CONTROLLER})
 * in the virtual cluster: the core's {@link ProvisioningCheckRunner} decides, and this adapter is
 * its capacity port: requests go to the {@link NodePoolAutoscaler}, whose conditions come back to
 * the runner; the check's states go to the engine, with an event on the workload's timeline.
 */
public final class ProvisioningCheckController implements CapacityPort {

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

    private final ProvisioningCheckRunner runner = new ProvisioningCheckRunner();
    private final Engine engine;
    private final NodePoolAutoscaler autoscaler;
    private final Timeline timeline;
    private final VirtualTime time;
    private final WorkloadMessages messages;
    /** Every request made, in the order made, for the report. */
    private final List<ProvisioningRequest> requests = new ArrayList<>();
    /** The requests the autoscaler works for, by name, until Kueue deletes them. */
    private final Map<String, ProvisioningRequest> live = new HashMap<>();
    private final Map<ObjectKey, Reservation> reservations = new HashMap<>();

    /** @param checks the checks of Kueue's provisioning controller with their configs ({@code Scenario.provisioningChecks()}) */
    public ProvisioningCheckController(Map<String, Optional<ProvisioningRequestConfig>> checks, Engine engine,
            NodePoolAutoscaler autoscaler, Timeline timeline, VirtualTime time, WorkloadMessages messages) {
        runner.configure(checks);
        this.engine = engine;
        this.autoscaler = autoscaler;
        this.timeline = timeline;
        this.time = time;
        this.messages = messages;
        autoscaler.onRequestChange(this::changed);
    }

    /** Whether this controller runs the check. */
    public boolean runs(String check) {
        return runner.runs(check);
    }

    /** The workload reserved quota under {@code check}: a request for the capacity of its managed pod sets. */
    public void quotaReserved(Reservation reservation, String check) {
        ObjectKey key = reservation.workload();
        reservations.put(key, reservation);
        AdmittedWorkload admitted = engine.admission(key).orElseThrow();
        runner.quotaReserved(new ProvisioningCheckRunner.Reservation(key,
                KueueWorkloadNames.of(reservation.ownerKind(), reservation.owner()), admitted.workload().podSets(),
                admitted.assignment().podSets()), check, this, this::tell);
    }

    /** The workload gave up its quota (finished, evicted, deleted): Kueue deletes its requests. */
    public void released(ObjectKey workload) {
        runner.released(workload, this);
    }

    @Override
    public void create(CapacityRequest request) {
        Reservation reservation = reservations.get(request.workload());
        List<GangPlacer.PodGroup> pods = engine.podGroups(request.workload()).stream()
                .filter(g -> request.podSetNames().contains(g.podSet())).toList();
        ProvisioningRequest pr = new ProvisioningRequest(request, reservation.owner().toString(), pods, timeline);
        requests.add(pr);
        live.put(pr.name(), pr);
        pr.created(time.nowMillis(), "by admission check " + request.check() + " for " + reservation.eventObject()
                + ": " + String.join(", ", pods.stream().map(g -> g.podSet() + " x" + g.count()).toList())
                + ", class " + request.provisioningClassName());
        autoscaler.submit(pr).ifPresent(why ->
                messages.waiting(request.workload(), "ProvisioningRequest " + pr.name() + ": " + why));
    }

    @Override
    public void delete(CapacityRequest request) {
        ProvisioningRequest pr = live.remove(request.name());
        if (pr != null) {
            pr.withdraw();
            autoscaler.withdraw(pr);
        }
    }

    private void changed(ProvisioningRequest request) {
        if (!request.withdrawn()) {
            runner.requestChanged(request.name(), request.conditions(), engine::isAdmitted, this::tell);
        }
    }

    /** The runner's word on a check, to the engine (and the workload's message and timeline). */
    private void tell(CheckUpdate update) {
        ObjectKey key = update.workload();
        String check = update.check();
        switch (update) {
            case CheckUpdate.Pending p -> messages.waiting(key, p.message());
            case CheckUpdate.Ready r -> {
                // Kueue's pod set updates for a provisioned request are annotations that let the pods
                // consume the booked capacity, not a node selector: placement chooses among all nodes,
                // as the operator's does.
                note(r, r.message());
                engine.updateCheck(key, check, CheckState.READY, r.message(), 0);
            }
            case CheckUpdate.Retry r -> {
                note(r, r.message() + "; a new request in " + Timeline.duration(r.backoffMillis()));
                engine.updateCheck(key, check, CheckState.RETRY, r.message(), r.backoffMillis());
            }
            case CheckUpdate.Rejected r -> {
                note(r, r.message());
                engine.updateCheck(key, check, CheckState.REJECTED, r.message(), 0);
            }
        }
    }

    private void note(CheckUpdate update, String message) {
        String state = switch (update.state()) {
            case READY -> "Ready";
            case RETRY -> "Retry";
            case REJECTED -> "Rejected";
            case PENDING -> "Pending";
        };
        timeline.add(time.nowMillis(), reservations.get(update.workload()).eventObject(),
                update.state() == CheckState.READY ? "Normal" : "Warning", "AdmissionCheck",
                "admission check " + update.check() + ": " + state + " (" + message + ")");
    }

    /** Every request made, for the report. */
    public List<Report.ProvisioningRequestReport> report() {
        return requests.stream().map(ProvisioningRequest::report).toList();
    }

    /** The name Kueue gives the Workload of a job (see {@link KueueWorkloadNames}). */
    static String kueueWorkloadName(String kind, ObjectKey key) {
        return KueueWorkloadNames.of(kind, key);
    }
}
