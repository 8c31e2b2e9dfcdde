package dev.muster.operator.decide;

import dev.muster.core.status.Condition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.queue.Assignment;
import dev.muster.core.queue.PodSetAssignment;
import dev.muster.core.model.PodSet;
import dev.muster.operator.jobs.PodTemplatePath;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.provisioning.ProvisioningChecks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Kueue's {@code Workload} object for a job, and its status: pure functions of what the decider
 * knows, so they can be checked without an API server.
 */
final class WorkloadObjects {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private WorkloadObjects() {
    }

    /** The Workload of a job: owned by it (deleted with it), with its queue, priority and pod sets. */
    static ObjectNode workload(TrackedJob t) {
        ObjectNode w = JSON.objectNode();
        w.put("apiVersion", KubeKind.WORKLOAD.apiVersion());
        w.put("kind", KubeKind.WORKLOAD.kind());
        ObjectNode meta = w.putObject("metadata");
        meta.put("name", t.workloadKey.name());
        meta.put("namespace", t.workloadKey.namespace());
        ObjectNode labels = meta.putObject("labels");
        labels.put("kueue.x-k8s.io/job-uid", t.uid());
        if (t.kai) {
            t.source.kaiQueue().ifPresent(q -> labels.put(dev.muster.api.workload.WorkloadLabels.KAI_QUEUE, q));
        }
        t.adapter.workloadOwners(t.key, t.live).forEach(meta.putArray("ownerReferences")::add);
        ObjectNode spec = w.putObject("spec");
        if (!t.kai && !t.workload().queueName().isEmpty()) {
            spec.put("queueName", t.workload().queueName()); // the label's, or Kueue's default LocalQueue
        }
        spec.put("priority", t.source.priority());
        t.source.priorityClassName().ifPresent(c -> spec.put("priorityClassName", c));
        ArrayNode podSets = spec.putArray("podSets");
        List<PodTemplatePath> templates = t.adapter.podTemplates(t.live);
        for (PodSet ps : t.workload().podSets()) {
            ObjectNode p = podSets.addObject();
            p.put("name", ps.name());
            p.put("count", ps.count());
            if (ps.minCount() < ps.count()) {
                p.put("minCount", ps.minCount());
            }
            JsonNode template = templates.stream().filter(x -> x.podSet().equals(ps.name())).findFirst()
                    .map(x -> t.live.at(x.pointer())).orElse(JSON.missingNode());
            p.set("template", template.isMissingNode() ? requestsOnly(ps) : template.deepCopy());
        }
        return w;
    }

    /**
     * Quota a Workload object's status records, when it holds some: what a new leader takes over.
     *
     * @param holding how it holds it
     */
    record RecordedAdmission(String clusterQueue, List<PodSetAssignment> podSets, long admittedAtMillis,
            List<Condition> conditions, Holding holding) {

        boolean admitted() {
            return holding == Holding.ADMITTED;
        }
    }

    /** How a recorded admission holds its quota. */
    enum Holding {
        /** Admitted: its job may run. */
        ADMITTED,
        /** Quota reserved while its admission checks run. */
        RESERVED,
        /**
         * Evicted while its pods still ran: as in Kueue, the quota stays reserved (and the admission
         * recorded) until the job is stopped and its pods are gone.
         */
        RELEASING
    }

    static java.util.Optional<RecordedAdmission> recordedAdmission(JsonNode workload) {
        if (workload == null) {
            return java.util.Optional.empty();
        }
        JsonNode status = workload.path("status");
        JsonNode admission = status.path("admission");
        List<Condition> conditions = new java.util.ArrayList<>();
        for (JsonNode c : status.path("conditions")) {
            conditions.add(new Condition(c.path("type").asText(), c.path("status").asText().equals("True"),
                    c.path("reason").asText(""), c.path("message").asText(""), millis(c.path("lastTransitionTime").asText(""))));
        }
        java.util.Optional<Condition> admitted = condition(conditions, "Admitted");
        java.util.Optional<Condition> reserved = condition(conditions, "QuotaReserved");
        boolean isAdmitted = admitted.isPresent() && admitted.get().status();
        // Quota held while admission checks run is recorded too: a new leader takes the reservation over.
        boolean isReserved = reserved.isPresent() && reserved.get().status();
        boolean evicted = condition(conditions, "Evicted").filter(Condition::status).isPresent();
        if (!isAdmitted && !isReserved || !admission.isObject()) {
            return java.util.Optional.empty();
        }
        List<PodSetAssignment> podSets = new java.util.ArrayList<>();
        for (JsonNode a : admission.path("podSetAssignments")) {
            java.util.Map<String, String> flavors = new java.util.TreeMap<>();
            a.path("flavors").fields().forEachRemaining(e -> flavors.put(e.getKey(), e.getValue().asText()));
            podSets.add(new PodSetAssignment(a.path("name").asText(), a.path("count").asInt(), flavors));
        }
        Holding holding = evicted ? Holding.RELEASING : isAdmitted ? Holding.ADMITTED : Holding.RESERVED;
        return java.util.Optional.of(new RecordedAdmission(admission.path("clusterQueue").asText(), podSets,
                (isAdmitted ? admitted : reserved).get().lastTransitionMillis(), conditions, holding));
    }

    private static java.util.Optional<Condition> condition(List<Condition> conditions, String type) {
        return conditions.stream().filter(c -> c.type().equals(type)).findFirst();
    }

    /** An RFC 3339 time in milliseconds; 0 when absent or unreadable. */
    static long millis(String rfc3339) {
        try {
            return rfc3339.isEmpty() ? 0 : Instant.parse(rfc3339).toEpochMilli();
        } catch (java.time.format.DateTimeParseException e) {
            return 0;
        }
    }

    /** Each admitted pod set's pod template and count, for the capacity a ProvisioningRequest asks for. */
    static List<ProvisioningChecks.PodSetTemplate> podSetTemplates(TrackedJob t, Assignment a) {
        List<ProvisioningChecks.PodSetTemplate> out = new ArrayList<>();
        List<PodTemplatePath> paths = t.adapter.podTemplates(t.live);
        for (PodSetAssignment psa : a.podSets()) {
            JsonNode template = paths.stream().filter(p -> p.podSet().equals(psa.name())).findFirst()
                    .map(p -> t.live.at(p.pointer())).orElse(JSON.missingNode());
            if (template.isMissingNode()) {
                String name = psa.name();
                template = requestsOnly(t.workload().podSets().stream().filter(ps -> ps.name().equals(name)).findFirst().orElseThrow());
            }
            out.add(new ProvisioningChecks.PodSetTemplate(psa.name(), psa.count(), template));
        }
        return out;
    }

    /** A template for a pod set whose job has none (KubeRay's default submitter): its requests. */
    static ObjectNode requestsOnly(PodSet ps) {
        ObjectNode template = JSON.objectNode();
        ObjectNode container = template.putObject("spec").putArray("containers").addObject();
        container.put("name", ps.name());
        ObjectNode requests = container.putObject("resources").putObject("requests");
        ps.perPod().amounts().forEach((r, q) -> requests.put(r, q.format(r)));
        return template;
    }

    /** The Workload's status: conditions, and the admission while it holds quota. */
    static ObjectNode status(TrackedJob t) {
        ObjectNode status = JSON.objectNode();
        ArrayNode conditions = status.putArray("conditions");
        for (Condition c : t.status().conditions()) {
            ObjectNode n = conditions.addObject();
            n.put("type", c.type());
            n.put("status", c.status() ? "True" : "False");
            n.put("reason", c.reason());
            n.put("message", c.message());
            n.put("lastTransitionTime", Instant.ofEpochMilli(c.lastTransitionMillis() / 1000 * 1000).toString());
        }
        // As Kueue, an evicted job whose pods still run keeps its admission recorded until they stop.
        Assignment held = t.releasing ? t.status().assignment()
                : t.is(TrackedJob.State.ADMITTED) || t.is(TrackedJob.State.QUOTA_RESERVED) ? t.assignment : null;
        if (held != null) {
            ObjectNode admission = status.putObject("admission");
            admission.put("clusterQueue", t.releasing ? t.status().clusterQueue() : t.clusterQueue);
            ArrayNode assignments = admission.putArray("podSetAssignments");
            for (int i = 0; i < held.podSets().size(); i++) {
                PodSetAssignment psa = held.podSets().get(i);
                ObjectNode a = assignments.addObject();
                a.put("name", psa.name());
                ObjectNode flavors = a.putObject("flavors");
                psa.flavors().forEach(flavors::put);
                ObjectNode usage = a.putObject("resourceUsage");
                PodSet ps = t.workload().podSets().get(i);
                ps.perPod().times(psa.count()).amounts().forEach((r, q) -> usage.put(r, q.format(r)));
                a.put("count", psa.count());
            }
        }
        return status;
    }
}
