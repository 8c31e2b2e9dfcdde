package dev.muster.operator;

import dev.muster.core.model.ObjectKey;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The label {@value #LABEL}{@code : "true"} on the pod of the replica that leads, and on no other:
 * only the leader has an engine to answer the visibility API from, so the Service the APIService
 * names selects the leader's pod by this label. Set when the replica starts leading, removed
 * when it stops (a replica that loses its Lease also exits, and its pod leaves the Service).
 * A failed patch is logged, not fatal: deciding matters more than being visible.
 */
final class LeaderPodLabel {

    static final String LABEL = "muster.dev/leader";

    private static final Logger LOG = LoggerFactory.getLogger(LeaderPodLabel.class);

    private final KubernetesClient client;
    private final ObjectKey pod;

    LeaderPodLabel(KubernetesClient client, ObjectKey pod) {
        this.client = client;
        this.pod = pod;
    }

    void leads() {
        patch(PatchType.JSON_MERGE, "{\"metadata\":{\"labels\":{\"" + LABEL + "\":\"true\"}}}");
    }

    void standsDown() {
        // A JSON patch rather than a merge patch with null: it removes the key on every server (fabric8's mock keeps a null).
        patch(PatchType.JSON, "[{\"op\":\"remove\",\"path\":\"/metadata/labels/" + LABEL.replace("/", "~1") + "\"}]");
    }

    private void patch(PatchType type, String body) {
        try {
            client.pods().inNamespace(pod.namespace()).withName(pod.name()).patch(PatchContext.of(type), body);
        } catch (KubernetesClientException e) {
            LOG.warn("could not patch the label {} of pod {}: the visibility API's Service may not reach the leader ({})",
                    LABEL, pod, e.getMessage());
        }
    }
}
