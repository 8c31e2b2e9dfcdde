package dev.muster.operator.provisioning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.checks.CapacityPort;
import dev.muster.core.checks.CapacityRequest;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.KubeKind;
import java.util.List;
import java.util.TreeMap;

/**
 * The operator's capacity port for one quota reservation: a request becomes a ProvisioningRequest
 * ({@code autoscaling.x-k8s.io/v1}) and one PodTemplate per pod set ({@code ppt-<request>-<pod set>}),
 * written through the {@link ClusterWriter}, both owned by the Workload as Kueue makes them.
 *
 * @param templates      each pod set's pod template, for the PodTemplates
 * @param workloadObject the Workload object, for the owner reference (null when not seen yet)
 */
record ProvisioningRequestWriter(ClusterWriter writer, List<ProvisioningChecks.PodSetTemplate> templates,
        JsonNode workloadObject) implements CapacityPort {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** The PodTemplate of a request's pod set, as Kueue names it. */
    static String templateName(String request, String podSet) {
        return dev.muster.core.checks.RequestNames.limit("ppt-" + request + "-" + podSet);
    }

    @Override
    public void create(CapacityRequest request) {
        String namespace = request.workload().namespace();
        for (CapacityRequest.PodSetCount ps : request.podSets()) {
            ObjectNode pt = JSON.objectNode();
            pt.put("apiVersion", "v1");
            pt.put("kind", "PodTemplate");
            ObjectNode meta = pt.putObject("metadata");
            meta.put("name", templateName(request.name(), ps.podSet()));
            meta.put("namespace", namespace);
            owner(meta);
            pt.set("template", template(ps.podSet()).deepCopy());
            writer.ensure(KubeKind.POD_TEMPLATE, pt);
        }
        ObjectNode pr = JSON.objectNode();
        pr.put("apiVersion", KubeKind.PROVISIONING_REQUEST.apiVersion());
        pr.put("kind", KubeKind.PROVISIONING_REQUEST.kind());
        ObjectNode meta = pr.putObject("metadata");
        meta.put("name", request.name());
        meta.put("namespace", namespace);
        owner(meta);
        ObjectNode spec = pr.putObject("spec");
        spec.put("provisioningClassName", request.provisioningClassName());
        if (!request.parameters().isEmpty()) {
            ObjectNode parameters = spec.putObject("parameters");
            new TreeMap<>(request.parameters()).forEach(parameters::put);
        }
        var sets = spec.putArray("podSets");
        for (CapacityRequest.PodSetCount ps : request.podSets()) {
            ObjectNode s = sets.addObject();
            s.putObject("podTemplateRef").put("name", templateName(request.name(), ps.podSet()));
            s.put("count", ps.count());
        }
        writer.ensure(KubeKind.PROVISIONING_REQUEST, pr);
    }

    /**
     * The request is deleted; its PodTemplates stay until the garbage collector removes them with
     * the Workload that owns them. A delete that fails is not tried again: the request is no longer
     * followed, and goes with its Workload too.
     */
    @Override
    public void delete(CapacityRequest request) {
        writer.delete(KubeKind.PROVISIONING_REQUEST, new ObjectKey(request.workload().namespace(), request.name()));
    }

    private JsonNode template(String podSet) {
        return templates.stream().filter(t -> t.podSet().equals(podSet)).findFirst()
                .map(ProvisioningChecks.PodSetTemplate::template).orElseThrow();
    }

    private void owner(ObjectNode meta) {
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
}
