package dev.muster.operator.placement;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Pod and Node objects as the API serves them, for the placement tests. */
final class Pods {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Pods() {
    }

    static ObjectNode pod(String name, String scheduler, String node, String cpu) {
        ObjectNode pod = JSON.createObjectNode();
        pod.put("apiVersion", "v1").put("kind", "Pod");
        pod.putObject("metadata").put("name", name).put("namespace", "default").put("uid", "uid-" + name);
        ObjectNode spec = pod.putObject("spec");
        spec.put("schedulerName", scheduler);
        if (node != null) {
            spec.put("nodeName", node);
        }
        spec.putArray("containers").addObject().put("name", "c").putObject("resources").putObject("requests").put("cpu", cpu);
        pod.putObject("status").put("phase", node == null ? "Pending" : "Running");
        return pod;
    }

    static ObjectNode ownedBy(ObjectNode object, String kind, String name) {
        ((ObjectNode) object.get("metadata")).putArray("ownerReferences").addObject().put("kind", kind).put("name", name)
                .put("controller", true);
        return object;
    }

    static ObjectNode labelled(ObjectNode object, String key, String value) {
        ObjectNode meta = (ObjectNode) object.get("metadata");
        (meta.has("labels") ? (ObjectNode) meta.get("labels") : meta.putObject("labels")).put(key, value);
        return object;
    }

    static ObjectNode object(String kind, String name) {
        ObjectNode o = JSON.createObjectNode();
        o.put("kind", kind);
        o.putObject("metadata").put("name", name).put("namespace", "default");
        return o;
    }

    static JsonNode node(String name, String cpu, String gpus) {
        ObjectNode n = JSON.createObjectNode();
        n.put("apiVersion", "v1").put("kind", "Node");
        n.putObject("metadata").put("name", name);
        ObjectNode allocatable = n.putObject("status").putObject("allocatable");
        allocatable.put("cpu", cpu);
        if (gpus != null) {
            allocatable.put("nvidia.com/gpu", gpus);
        }
        return n;
    }
}
