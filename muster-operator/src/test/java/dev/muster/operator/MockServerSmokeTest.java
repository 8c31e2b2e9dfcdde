package dev.muster.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class MockServerSmokeTest {

    KubernetesClient client;

    @Test
    void theMockServerStoresObjects() {
        client.configMaps().inNamespace("default").resource(new ConfigMapBuilder().withNewMetadata().withName("a")
                .endMetadata().addToData("k", "v").build()).create();
        assertThat(client.configMaps().inNamespace("default").withName("a").get().getData()).containsEntry("k", "v");
    }
}
