package dev.muster.operator.kube;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** fabric8 informers on the kinds Muster watches, handing objects on as JSON trees. */
public final class Informers implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Informers.class);

    private final KubernetesClient client;
    private final Optional<String> namespace;
    private final List<SharedIndexInformer<GenericKubernetesResource>> running = new ArrayList<>();

    public Informers(KubernetesClient client, Optional<String> namespace) {
        this.client = client;
        this.namespace = namespace;
    }

    /**
     * Watches a kind, if the cluster serves it: a kind whose CRD is not installed (no KubeRay, no
     * KAI) is skipped with a log line rather than failing the controller. Returns once the
     * informer has listed what exists, so that what is posted follows the order of the calls.
     */
    public void watch(KubeKind kind, Consumer<JsonNode> upserted, Consumer<JsonNode> deleted) {
        if (!served(kind)) {
            LOG.info("not watching {}: the cluster does not serve {}", kind.kind(), kind.apiVersion());
            return;
        }
        var resources = client.genericKubernetesResources(kind.context());
        var scoped = kind.namespaced() && namespace.isPresent() ? resources.inNamespace(namespace.get()) : resources.inAnyNamespace();
        SharedIndexInformer<GenericKubernetesResource> informer = scoped.inform(new ResourceEventHandler<>() {
            @Override
            public void onAdd(GenericKubernetesResource obj) {
                upserted.accept(tree(obj));
            }

            @Override
            public void onUpdate(GenericKubernetesResource oldObj, GenericKubernetesResource newObj) {
                upserted.accept(tree(newObj));
            }

            @Override
            public void onDelete(GenericKubernetesResource obj, boolean deletedFinalStateUnknown) {
                deleted.accept(tree(obj));
            }
        });
        running.add(informer);
    }

    /** Whether the API server serves the kind: built-in, or its CRD is installed. */
    public boolean served(KubeKind kind) {
        if (kind.group().isEmpty() || kind.group().equals("batch") || kind.group().equals("scheduling.k8s.io")
                || kind.group().equals("coordination.k8s.io")) {
            return true; // built into every API server
        }
        try {
            return client.apiextensions().v1().customResourceDefinitions().withName(kind.plural() + "." + kind.group())
                    .get() != null;
        } catch (KubernetesClientException e) {
            LOG.warn("cannot tell whether {} is served ({}); watching it anyway", kind.kind(), e.getMessage());
            return true;
        }
    }

    private JsonNode tree(GenericKubernetesResource obj) {
        return client.getKubernetesSerialization().convertValue(obj, JsonNode.class);
    }

    @Override
    public void close() {
        running.forEach(SharedIndexInformer::stop);
        running.clear();
    }
}
