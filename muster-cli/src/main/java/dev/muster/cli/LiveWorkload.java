package dev.muster.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code muster explain} needs of one Kueue Workload object (kueue.x-k8s.io v1beta1 or
 * v1beta2: these fields are the same in both): who owns it, its LocalQueue, whether it waits, why
 * (its QuotaReserved=False condition, where Muster's operator and Kueue write the reason code), and
 * the operator's forecast annotations. Pure: built from the object's JSON.
 *
 * @param ownerKind            the kind of its controlling owner (the job), else "Workload"
 * @param ownerName            that owner's name, else the Workload's
 * @param localQueue           {@code spec.queueName}; null when unset
 * @param admittedClusterQueue {@code status.admission.clusterQueue}; null when unset
 * @param reason               the QuotaReserved=False condition's reason; null without one
 * @param message              its message; null without one
 */
record LiveWorkload(String namespace, String name, String ownerKind, String ownerName, String localQueue,
        String admittedClusterQueue, State state, String reason, String message, Map<String, String> annotations) {

    /** Where a Workload is: waiting, holding quota (admitted, or its checks running), or done. */
    enum State {
        PENDING("it waits"),
        QUOTA_RESERVED("it holds quota (QuotaReserved=True: admitted, or its admission checks run)"),
        FINISHED("it has finished");

        final String words;

        State(String words) {
            this.words = words;
        }
    }

    static final String NO_CONDITION = "no QuotaReserved condition yet: no controller has looked at it"
            + " (is muster run or Kueue running, and does its LocalQueue exist?)";

    LiveWorkload {
        annotations = Map.copyOf(annotations);
    }

    /**
     * Reads a Workload object.
     *
     * @throws IllegalArgumentException naming the field when the object has no metadata.name or namespace
     */
    static LiveWorkload of(JsonNode workload) {
        JsonNode meta = workload.path("metadata");
        String name = text(meta.path("name"));
        String namespace = text(meta.path("namespace"));
        if (name == null || namespace == null) {
            throw new IllegalArgumentException("a Workload without metadata." + (name == null ? "name" : "namespace")
                    + (name != null ? " (" + name + ")" : ""));
        }
        String ownerKind = "Workload";
        String ownerName = name;
        for (JsonNode owner : meta.path("ownerReferences")) {
            if (owner.path("controller").asBoolean(false) && text(owner.path("kind")) != null && text(owner.path("name")) != null) {
                ownerKind = owner.path("kind").asText();
                ownerName = owner.path("name").asText();
            }
        }
        Map<String, String> annotations = new TreeMap<>();
        meta.path("annotations").properties().forEach(e -> {
            if (e.getValue().isTextual()) {
                annotations.put(e.getKey(), e.getValue().asText());
            }
        });
        JsonNode status = workload.path("status");
        boolean finished = false;
        boolean reserved = false;
        String reason = null;
        String message = null;
        for (JsonNode c : status.path("conditions")) {
            String type = c.path("type").asText("");
            boolean isTrue = "True".equals(c.path("status").asText(""));
            if (type.equals("Finished") && isTrue) {
                finished = true;
            } else if (type.equals("QuotaReserved")) {
                reserved = isTrue;
                if (!isTrue) {
                    reason = text(c.path("reason"));
                    message = text(c.path("message"));
                }
            }
        }
        State state = finished ? State.FINISHED : reserved ? State.QUOTA_RESERVED : State.PENDING;
        return new LiveWorkload(namespace, name, ownerKind, ownerName, text(workload.path("spec").path("queueName")),
                text(status.path("admission").path("clusterQueue")), state, reason, message, annotations);
    }

    boolean pending() {
        return state == State.PENDING;
    }

    /** Whether {@code wanted} (namespace/name, or a name in any namespace) names it, by its job's name or its own. */
    boolean isNamed(String wanted) {
        int slash = wanted.indexOf('/');
        String ns = slash < 0 ? null : wanted.substring(0, slash);
        String n = slash < 0 ? wanted : wanted.substring(slash + 1);
        return (ns == null || ns.equals(namespace)) && (n.equals(ownerName) || n.equals(name));
    }

    /** namespace/name of its job (its owner), as the simulator names workloads. */
    String jobKey() {
        return namespace + "/" + ownerName;
    }

    /**
     * The explanation's entry for it.
     *
     * @param clusterQueue its ClusterQueue, null when not known (then its LocalQueue stands in)
     * @param position     its positions from the visibility API, null when not known
     */
    Explanation.Waiting waiting(String clusterQueue, QueuePosition position) {
        LiveForecast forecast = LiveForecast.of(annotations);
        String why = message != null && !message.isBlank() ? message : reason == null ? NO_CONDITION : "(no message)";
        return new Explanation.Waiting(ownerKind, namespace, ownerName, name,
                clusterQueue != null ? clusterQueue : localQueue, reason, why,
                position != null ? position.inClusterQueue() : null, position != null ? position.inLocalQueue() : null,
                List.of(), forecast.admitAtSeconds(), forecast.admitAt(), forecast.basis());
    }

    private static String text(JsonNode n) {
        return n.isTextual() && !n.asText().isEmpty() ? n.asText() : null;
    }
}
