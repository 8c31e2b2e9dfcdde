package dev.muster.operator.provisioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.api.kueue.AdmissionCheckDeclaration;
import dev.muster.api.kueue.ProvisioningRequestConfig;
import dev.muster.api.scenario.DeclaredObject;
import dev.muster.api.scenario.Scenario;
import dev.muster.core.checks.ProvisioningCheck;
import dev.muster.core.checks.RetryStrategy;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Kueue's ProvisioningRequest admission check controller, against the API: when a workload
 * reserves quota under such a check, it creates a ProvisioningRequest
 * ({@code autoscaling.x-k8s.io/v1}, named {@code <workload>-<check>-<attempt>}) and a PodTemplate per
 * pod set that asks for a managed resource; the autoscaler's conditions on the request become the
 * check's state. Provisioned → Ready (the pods then carry the annotations that let them consume the
 * booked capacity); Failed, or BookingExpired before admission → Retry with backoff while retries
 * remain, then Rejected; CapacityRevoked → Rejected.
 */
public final class ProvisioningChecks {

    /** The annotations Kueue's pod set updates put on the pods of a provisioned request. */
    public static final String CONSUME_ANNOTATION = "autoscaling.x-k8s.io/consume-provisioning-request";
    public static final String CLASS_ANNOTATION = "autoscaling.x-k8s.io/provisioning-class-name";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** One request Muster made for a workload's reservation under a check. */
    private record Request(String name, ObjectKey workload, String check, String className, List<String> podSets) {
    }

    /** What a job needs for a request: where its pods' templates are. */
    public record PodSetTemplate(String podSet, int count, JsonNode template) {
    }

    private final Map<String, ProvisioningRequestConfig> configs = new HashMap<>();
    private final Map<String, Request> byName = new HashMap<>();
    private final Map<List<Object>, Request> current = new HashMap<>();
    private final Map<List<Object>, Integer> attempts = new HashMap<>();
    private final Map<List<Object>, Integer> failures = new HashMap<>();
    /** Requests whose conditions were already acted on, by name and condition: each is acted on once. */
    private final Set<String> handled = new java.util.HashSet<>();
    private final Map<ObjectKey, Map<String, Map<String, String>>> annotations = new HashMap<>();

    /** The checks this controller runs, with their configs, from the cluster's configuration. */
    public void configure(Scenario scenario) {
        configs.clear();
        Map<String, ProvisioningRequestConfig> byConfigName = new HashMap<>();
        for (DeclaredObject o : scenario.otherObjects("ProvisioningRequestConfig")) {
            byConfigName.put(o.name(), ProvisioningRequestConfig.of(o));
        }
        for (DeclaredObject check : scenario.otherObjects("AdmissionCheck")) {
            JsonNode spec = check.body().path("spec");
            if (spec.path("controllerName").asText("").equals(AdmissionCheckDeclaration.PROVISIONING_CONTROLLER)) {
                ProvisioningRequestConfig c = byConfigName.get(spec.path("parameters").path("name").asText(""));
                if (c != null) {
                    configs.put(check.name(), c);
                }
            }
        }
    }

    public boolean runs(String check) {
        return configs.containsKey(check);
    }

    /**
     * A workload reserved quota under {@code check}: a new request for the pod sets that use a
     * managed resource, or Ready at once when none does.
     *
     * @param workloadObject the Workload object, for the owner reference (null when not seen yet)
     */
    public void quotaReserved(ObjectKey workload, List<PodSet> podSets, List<PodSetTemplate> templates, String check,
            JsonNode workloadObject, Engine engine, ClusterWriter writer) {
        ProvisioningRequestConfig config = configs.get(check);
        List<PodSetTemplate> managed = new ArrayList<>();
        for (int i = 0; i < podSets.size(); i++) {
            PodSet ps = podSets.get(i);
            Set<String> requested = new TreeSet<>();
            ps.perPod().amounts().forEach((r, q) -> {
                if (q.milli() > 0) {
                    requested.add(r);
                }
            });
            if (config.manages(requested)) {
                templates.stream().filter(t -> t.podSet().equals(ps.name())).findFirst().ifPresent(managed::add);
            }
        }
        if (managed.isEmpty()) {
            engine.updateCheck(workload, check, CheckState.READY, "no pod set asks for a managed resource", 0);
            return;
        }
        List<Object> id = List.of(workload, check);
        int attempt = attempts.merge(id, 1, Integer::sum);
        String name = workload.name() + "-" + check + "-" + attempt;
        Request request = new Request(name, workload, check, config.provisioningClassName(),
                managed.stream().map(PodSetTemplate::podSet).toList());
        byName.put(name, request);
        current.put(id, request);
        for (PodSetTemplate t : managed) {
            ObjectNode pt = JSON.objectNode();
            pt.put("apiVersion", "v1");
            pt.put("kind", "PodTemplate");
            ObjectNode meta = pt.putObject("metadata");
            meta.put("name", "ppt-" + name + "-" + t.podSet());
            meta.put("namespace", workload.namespace());
            owner(meta, workloadObject);
            pt.set("template", t.template().deepCopy());
            writer.ensure(KubeKind.POD_TEMPLATE, pt);
        }
        ObjectNode pr = JSON.objectNode();
        pr.put("apiVersion", KubeKind.PROVISIONING_REQUEST.apiVersion());
        pr.put("kind", KubeKind.PROVISIONING_REQUEST.kind());
        ObjectNode meta = pr.putObject("metadata");
        meta.put("name", name);
        meta.put("namespace", workload.namespace());
        owner(meta, workloadObject);
        ObjectNode spec = pr.putObject("spec");
        spec.put("provisioningClassName", config.provisioningClassName());
        if (!config.parameters().isEmpty()) {
            ObjectNode parameters = spec.putObject("parameters");
            new java.util.TreeMap<>(config.parameters()).forEach(parameters::put);
        }
        var sets = spec.putArray("podSets");
        for (PodSetTemplate t : managed) {
            ObjectNode s = sets.addObject();
            s.putObject("podTemplateRef").put("name", "ppt-" + name + "-" + t.podSet());
            s.put("count", t.count());
        }
        writer.ensure(KubeKind.PROVISIONING_REQUEST, pr);
    }

    private static void owner(ObjectNode meta, JsonNode workloadObject) {
        String uid = workloadObject == null ? "" : workloadObject.path("metadata").path("uid").asText("");
        if (uid.isEmpty()) {
            return; // the Workload is not seen yet: no owner reference rather than a wrong one
        }
        ObjectNode o = meta.putArray("ownerReferences").addObject();
        o.put("apiVersion", KubeKind.WORKLOAD.apiVersion());
        o.put("kind", KubeKind.WORKLOAD.kind());
        o.put("name", workloadObject.path("metadata").path("name").asText());
        o.put("uid", uid);
        o.put("controller", true);
        o.put("blockOwnerDeletion", true);
    }

    /**
     * The request of the latest attempt made for a workload's check, among those in the cluster
     * (named {@code <workload>-<check>-<attempt>}).
     */
    public Optional<JsonNode> latestRequest(ObjectKey workload, String check, java.util.Collection<JsonNode> requests) {
        String prefix = workload.name() + "-" + check + "-";
        JsonNode best = null;
        int bestAttempt = 0;
        for (JsonNode pr : requests) {
            String name = pr.path("metadata").path("name").asText();
            if (!pr.path("metadata").path("namespace").asText("").equals(workload.namespace()) || !name.startsWith(prefix)) {
                continue;
            }
            try {
                int attempt = Integer.parseInt(name.substring(prefix.length()));
                if (attempt > bestAttempt) {
                    bestAttempt = attempt;
                    best = pr;
                }
            } catch (NumberFormatException e) {
                // another object whose name starts alike
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
        int attempt = Integer.parseInt(name.substring(name.lastIndexOf('-') + 1));
        List<String> podSets = new ArrayList<>();
        String templatePrefix = "ppt-" + name + "-";
        for (JsonNode ps : request.path("spec").path("podSets")) {
            String ref = ps.path("podTemplateRef").path("name").asText("");
            if (ref.startsWith(templatePrefix)) {
                podSets.add(ref.substring(templatePrefix.length()));
            }
        }
        Request r = new Request(name, workload, check, request.path("spec").path("provisioningClassName").asText(""), podSets);
        List<Object> id = List.of(workload, check);
        byName.put(name, r);
        current.put(id, r);
        attempts.put(id, attempt);
        failures.put(id, attempt - 1);
    }

    /** The autoscaler changed a request's conditions: the check follows. */
    public void requestChanged(JsonNode pr, Engine engine) {
        Request r = byName.get(pr.path("metadata").path("name").asText());
        if (r == null || current.get(List.of(r.workload(), r.check())) != r) {
            return; // not ours, or superseded by a later attempt
        }
        java.util.Set<ProvisioningCheck.Condition> conditions = java.util.EnumSet.noneOf(ProvisioningCheck.Condition.class);
        String detail = "";
        for (JsonNode c : pr.path("status").path("conditions")) {
            if (!c.path("status").asText().equals("True")) {
                continue;
            }
            ProvisioningCheck.Condition condition = switch (c.path("type").asText()) {
                case "Accepted" -> ProvisioningCheck.Condition.ACCEPTED;
                case "Provisioned" -> ProvisioningCheck.Condition.PROVISIONED;
                case "Failed" -> ProvisioningCheck.Condition.FAILED;
                case "BookingExpired" -> ProvisioningCheck.Condition.BOOKING_EXPIRED;
                case "CapacityRevoked" -> ProvisioningCheck.Condition.CAPACITY_REVOKED;
                default -> null;
            };
            if (condition != null) {
                conditions.add(condition);
                if (condition != ProvisioningCheck.Condition.ACCEPTED) {
                    detail = message(c);
                }
            }
        }
        List<Object> id = List.of(r.workload(), r.check());
        RetryStrategy retry = configs.containsKey(r.check()) ? configs.get(r.check()).retry() : RetryStrategy.KUEUE_DEFAULT;
        ProvisioningCheck.Verdict verdict = ProvisioningCheck.verdict(conditions, "ProvisioningRequest " + r.name(), detail,
                engine.isAdmitted(r.workload()), failures.getOrDefault(id, 0), retry);
        // Each request is acted on once per outcome: informers repeat objects, the verdict must not count twice.
        switch (verdict) {
            case ProvisioningCheck.Verdict.Rejected v -> {
                if (handled.add(r.name() + "/Rejected")) {
                    if (v.failure()) {
                        failures.merge(id, 1, Integer::sum);
                    }
                    engine.updateCheck(r.workload(), r.check(), CheckState.REJECTED, v.message(), 0);
                }
            }
            case ProvisioningCheck.Verdict.Retry v -> {
                if (handled.add(r.name() + "/Retry")) {
                    failures.put(id, v.failure());
                    engine.updateCheck(r.workload(), r.check(), CheckState.RETRY, v.message(), v.backoffMillis());
                }
            }
            case ProvisioningCheck.Verdict.Ready v -> {
                if (handled.add(r.name() + "/Provisioned")) {
                    Map<String, Map<String, String>> perPodSet = annotations.computeIfAbsent(r.workload(), k -> new HashMap<>());
                    for (String podSet : r.podSets()) {
                        perPodSet.put(podSet, Map.of(CONSUME_ANNOTATION, r.name(), CLASS_ANNOTATION, r.className()));
                    }
                    engine.updateCheck(r.workload(), r.check(), CheckState.READY, v.message(), 0);
                }
            }
            case ProvisioningCheck.Verdict.Waiting w -> { }
        }
    }

    private static String message(JsonNode condition) {
        return condition == null ? "" : condition.path("message").asText(condition.path("reason").asText(""));
    }

    /**
     * After the engine was rebuilt (the configuration changed), the checks of a workload that holds
     * quota are Pending again: what its current requests already answered is told again.
     */
    public void reapply(ObjectKey workload, Engine engine) {
        for (Map.Entry<List<Object>, Request> e : current.entrySet()) {
            Request r = e.getValue();
            if (r.workload().equals(workload) && handled.contains(r.name() + "/Provisioned")) {
                engine.updateCheck(workload, r.check(), CheckState.READY, "ProvisioningRequest " + r.name() + " is provisioned", 0);
            }
        }
    }

    /** The annotations each pod set's pods get when the job starts (from provisioned requests). */
    public Map<String, Map<String, String>> annotations(ObjectKey workload) {
        return annotations.getOrDefault(workload, Map.of());
    }

    /** The workload gave its quota back: its requests are no longer current (Kueue deletes them). */
    public void released(ObjectKey workload) {
        current.keySet().removeIf(id -> id.get(0).equals(workload));
        annotations.remove(workload);
    }
}
