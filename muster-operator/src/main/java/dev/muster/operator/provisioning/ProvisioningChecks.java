package dev.muster.operator.provisioning;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.scenario.Scenario;
import dev.muster.core.checks.CapacityRequest;
import dev.muster.core.checks.CheckUpdate;
import dev.muster.core.checks.ProvisioningCheck;
import dev.muster.core.checks.ProvisioningCheckRunner;
import dev.muster.core.checks.RequestNames;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.operator.kube.ClusterWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Kueue's ProvisioningRequest admission check controller, against the API: the core's
 * {@link ProvisioningCheckRunner} decides; requests are written as ProvisioningRequest and
 * PodTemplate objects ({@link ProvisioningRequestWriter}), the autoscaler's conditions on them are
 * read back, and the check's states go to the engine. A Ready check's pods carry the annotations
 * that let them consume the booked capacity.
 */
public final class ProvisioningChecks {

    /** The annotations Kueue's pod set updates put on the pods of a provisioned request. */
    public static final String CONSUME_ANNOTATION = "autoscaling.x-k8s.io/consume-provisioning-request";
    public static final String CLASS_ANNOTATION = "autoscaling.x-k8s.io/provisioning-class-name";

    /** What a job needs for a request: where its pods' templates are. */
    public record PodSetTemplate(String podSet, int count, JsonNode template) {
    }

    private final ProvisioningCheckRunner runner = new ProvisioningCheckRunner();
    private final Map<ObjectKey, Map<String, Map<String, String>>> annotations = new HashMap<>();

    /** The checks this controller runs, with their configs, from the cluster's configuration. */
    public void configure(Scenario scenario) {
        runner.configure(scenario.provisioningChecks());
    }

    public boolean runs(String check) {
        return runner.runs(check);
    }

    /**
     * A workload reserved quota under {@code check}: a new request for the pod sets that use a
     * managed resource, or Ready at once when none does.
     *
     * @param templates      each assigned pod set's template and admitted count
     * @param workloadObject the Workload object, for the owner reference (null when not seen yet)
     */
    public void quotaReserved(ObjectKey workload, List<PodSet> podSets, List<PodSetTemplate> templates, String check,
            JsonNode workloadObject, Engine engine, ClusterWriter writer) {
        List<PodSetAssignment> assigned = templates.stream()
                .map(t -> new PodSetAssignment(t.podSet(), t.count(), Map.of())).toList();
        runner.quotaReserved(new ProvisioningCheckRunner.Reservation(workload, workload.name(), podSets, assigned),
                check, new ProvisioningRequestWriter(writer, templates, workloadObject), update -> tell(update, engine));
    }

    /**
     * The request of the latest attempt made for a workload's check, among those in the cluster
     * (named {@code <workload>-<check>-<attempt>}).
     */
    public Optional<JsonNode> latestRequest(ObjectKey workload, String check, Collection<JsonNode> requests) {
        JsonNode best = null;
        int bestAttempt = 0;
        for (JsonNode pr : requests) {
            OptionalInt attempt = RequestNames.attempt(pr.path("metadata").path("name").asText(), workload.name(), check);
            boolean here = pr.path("metadata").path("namespace").asText("").equals(workload.namespace());
            if (here && attempt.isPresent() && attempt.getAsInt() > bestAttempt) {
                bestAttempt = attempt.getAsInt();
                best = pr;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * Takes over a request a previous leader made: it is the check's current attempt, and the
     * attempts before it count as failures (each was retried after one), so the retry limit holds.
     */
    public void adopt(ObjectKey workload, String check, JsonNode request) {
        String name = request.path("metadata").path("name").asText();
        List<CapacityRequest.PodSetCount> podSets = new ArrayList<>();
        String templatePrefix = ProvisioningRequestWriter.templateName(name, "");
        for (JsonNode ps : request.path("spec").path("podSets")) {
            String ref = ps.path("podTemplateRef").path("name").asText("");
            if (ref.startsWith(templatePrefix)) {
                podSets.add(new CapacityRequest.PodSetCount(ref.substring(templatePrefix.length()), ps.path("count").asInt()));
            }
        }
        Map<String, String> parameters = new TreeMap<>();
        request.path("spec").path("parameters").fields().forEachRemaining(e -> parameters.put(e.getKey(), e.getValue().asText()));
        // Kueue counts a name it cannot read as attempt 1.
        int attempt = RequestNames.attempt(name, workload.name(), check).orElse(1);
        runner.adopt(new CapacityRequest(name, workload, check, attempt,
                request.path("spec").path("provisioningClassName").asText(""), parameters, podSets));
    }

    /** The autoscaler changed a request's conditions: the check follows. */
    public void requestChanged(JsonNode pr, Engine engine) {
        Map<ProvisioningCheck.Condition, String> conditions = new EnumMap<>(ProvisioningCheck.Condition.class);
        for (JsonNode c : pr.path("status").path("conditions")) {
            if (c.path("status").asText().equals("True")) {
                condition(c.path("type").asText()).ifPresent(condition ->
                        conditions.put(condition, c.path("message").asText(c.path("reason").asText(""))));
            }
        }
        runner.requestChanged(pr.path("metadata").path("name").asText(), conditions, engine::isAdmitted,
                update -> tell(update, engine));
    }

    private static Optional<ProvisioningCheck.Condition> condition(String type) {
        return Optional.ofNullable(switch (type) {
            case "Accepted" -> ProvisioningCheck.Condition.ACCEPTED;
            case "Provisioned" -> ProvisioningCheck.Condition.PROVISIONED;
            case "Failed" -> ProvisioningCheck.Condition.FAILED;
            case "BookingExpired" -> ProvisioningCheck.Condition.BOOKING_EXPIRED;
            case "CapacityRevoked" -> ProvisioningCheck.Condition.CAPACITY_REVOKED;
            default -> null;
        });
    }

    /** The runner's word on a check, to the engine; a Ready request's pods get its annotations. */
    private void tell(CheckUpdate update, Engine engine) {
        switch (update) {
            // The Workload shows the check Pending already; what it waits for is the request's own status.
            case CheckUpdate.Pending p -> { }
            case CheckUpdate.Ready r -> {
                r.request().ifPresent(request -> {
                    Map<String, Map<String, String>> perPodSet = annotations.computeIfAbsent(r.workload(), k -> new HashMap<>());
                    request.podSetNames().forEach(podSet -> perPodSet.put(podSet,
                            Map.of(CONSUME_ANNOTATION, request.name(), CLASS_ANNOTATION, request.provisioningClassName())));
                });
                engine.updateCheck(r.workload(), r.check(), CheckState.READY, r.message(), 0);
            }
            case CheckUpdate.Retry r -> engine.updateCheck(r.workload(), r.check(), CheckState.RETRY, r.message(),
                    r.backoffMillis());
            case CheckUpdate.Rejected r -> engine.updateCheck(r.workload(), r.check(), CheckState.REJECTED, r.message(), 0);
        }
    }

    /**
     * After the engine was rebuilt (the configuration changed), the checks of a workload that holds
     * quota are Pending again: what its current requests already answered is told again.
     */
    public void reapply(ObjectKey workload, Engine engine) {
        runner.reapply(workload, update -> tell(update, engine));
    }

    /** The annotations each pod set's pods get when the job starts (from provisioned requests). */
    public Map<String, Map<String, String>> annotations(ObjectKey workload) {
        return annotations.getOrDefault(workload, Map.of());
    }

    /**
     * The workload gave its quota back (finished, evicted, deleted): its requests are no longer
     * current and are deleted, as Kueue's controller deletes them (its
     * CleanupProvisioningRequestsOnEviction, on by default), so the autoscaler stops working for them.
     */
    public void released(ObjectKey workload, ClusterWriter writer) {
        runner.released(workload, new ProvisioningRequestWriter(writer, List.of(), null));
        annotations.remove(workload);
    }
}
