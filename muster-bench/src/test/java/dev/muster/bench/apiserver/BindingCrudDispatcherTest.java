package dev.muster.bench.apiserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Binding;
import io.fabric8.kubernetes.api.model.BindingBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.util.HashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A Binding sets the pod's node as the API server does: once, for a pod that exists. */
class BindingCrudDispatcherTest {

    private KubernetesMockServer server;
    private KubernetesClient client;

    @BeforeEach
    void start() {
        server = new KubernetesMockServer(new Context(Serialization.jsonMapper()), new MockWebServer(), new HashMap<>(),
                new BindingCrudDispatcher(), false);
        server.init();
        client = server.createClient();
    }

    @AfterEach
    void stop() {
        client.close();
        server.destroy();
    }

    private Pod pod(String name) {
        return client.pods().inNamespace("team").resource(new PodBuilder().withNewMetadata().withName(name)
                .withNamespace("team").endMetadata().withNewSpec().withSchedulerName("muster").addNewContainer()
                .withName("c").withImage("x").endContainer().endSpec().build()).create();
    }

    private Binding binding(String pod, String node) {
        return new BindingBuilder().withNewMetadata().withName(pod).withNamespace("team").endMetadata()
                .withNewTarget().withApiVersion("v1").withKind("Node").withName(node).endTarget().build();
    }

    @Test
    void aBindingSetsThePodsNodeAndIsNotStoredAsAnObject() {
        Pod created = pod("p");

        client.bindings().inNamespace("team").resource(binding("p", "node-7")).create();

        Pod bound = client.pods().inNamespace("team").withName("p").get();
        assertThat(bound.getSpec().getNodeName()).isEqualTo("node-7");
        assertThat(Long.parseLong(bound.getMetadata().getResourceVersion()))
                .isGreaterThan(Long.parseLong(created.getMetadata().getResourceVersion()));
        assertThat(bound.getSpec().getSchedulerName()).as("the rest of the pod is kept").isEqualTo("muster");
        assertThat(client.bindings().inNamespace("team").list().getItems()).isEmpty();
    }

    @Test
    void aPodBoundAlreadyIsAConflictAndAMissingPodIsNotFound() {
        pod("p");
        client.bindings().inNamespace("team").resource(binding("p", "node-1")).create();

        assertThatThrownBy(() -> client.bindings().inNamespace("team").resource(binding("p", "node-2")).create())
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(409));
        assertThat(client.pods().inNamespace("team").withName("p").get().getSpec().getNodeName()).isEqualTo("node-1");
        assertThatThrownBy(() -> client.bindings().inNamespace("team").resource(binding("ghost", "node-1")).create())
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(404));
    }
}
