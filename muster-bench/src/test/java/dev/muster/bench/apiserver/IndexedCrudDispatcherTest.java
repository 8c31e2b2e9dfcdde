package dev.muster.bench.apiserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The indexed store answers as the stock CRUD mock does, for what the controller and the benchmark use. */
class IndexedCrudDispatcherTest {

    private KubernetesMockServer server;
    private KubernetesClient client;

    @BeforeEach
    void start() {
        server = new KubernetesMockServer(new Context(Serialization.jsonMapper()), new MockWebServer(), new HashMap<>(),
                new IndexedCrudDispatcher(), false);
        server.init();
        client = server.createClient();
    }

    @AfterEach
    void stop() {
        client.close();
        server.destroy();
    }

    private static ConfigMap map(String ns, String name, String team) {
        return new ConfigMapBuilder().withNewMetadata().withNamespace(ns).withName(name).addToLabels("team", team)
                .endMetadata().addToData("k", "v").build();
    }

    @Test
    void objectsAreFoundByNameAndListedByNamespaceAndLabel() {
        client.configMaps().inNamespace("a").resource(map("a", "one", "red")).create();
        client.configMaps().inNamespace("a").resource(map("a", "two", "blue")).create();
        client.configMaps().inNamespace("b").resource(map("b", "one", "red")).create();

        assertThat(client.configMaps().inNamespace("b").withName("one").get().getMetadata().getNamespace()).isEqualTo("b");
        assertThat(client.configMaps().inNamespace("a").withName("three").get()).isNull();
        assertThat(client.configMaps().inNamespace("a").list().getItems()).extracting(c -> c.getMetadata().getName())
                .containsExactly("one", "two");
        assertThat(client.configMaps().inAnyNamespace().withLabel("team", "red").list().getItems()).hasSize(2);
        assertThat(client.configMaps().inNamespace("c").list().getItems()).isEmpty();
    }

    @Test
    void aSecondCreateIsAConflictAndResourceVersionsGrow() {
        ConfigMap first = client.configMaps().inNamespace("a").resource(map("a", "one", "red")).create();
        assertThatThrownBy(() -> client.configMaps().inNamespace("a").resource(map("a", "one", "red")).create())
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(409));
        ConfigMap patched = client.configMaps().inNamespace("a").withName("one")
                .patch(PatchContext.of(PatchType.JSON), "[{\"op\":\"add\",\"path\":\"/data/k\",\"value\":\"w\"}]");
        assertThat(patched.getData()).containsEntry("k", "w");
        assertThat(Long.parseLong(patched.getMetadata().getResourceVersion()))
                .isGreaterThan(Long.parseLong(first.getMetadata().getResourceVersion()));
    }

    @Test
    void statusIsPatchedThroughItsSubresourceAndADeletedObjectIsGone() {
        Job job = client.batch().v1().jobs().inNamespace("a").resource(new JobBuilder().withNewMetadata().withName("j")
                .withNamespace("a").endMetadata().withNewSpec().withSuspend(true).withNewTemplate().withNewSpec()
                .addNewContainer().withName("c").withImage("x").endContainer().endSpec().endTemplate().endSpec().build()).create();
        client.batch().v1().jobs().inNamespace("a").resource(job).subresource("status")
                .patch(PatchContext.of(PatchType.JSON), "[{\"op\":\"add\",\"path\":\"/status\",\"value\":{\"active\":2}}]");
        assertThat(client.batch().v1().jobs().inNamespace("a").withName("j").get().getStatus().getActive()).isEqualTo(2);

        client.batch().v1().jobs().inNamespace("a").withName("j").delete();
        await().atMost(Duration.ofSeconds(5)).until(() -> client.batch().v1().jobs().inNamespace("a").withName("j").get() == null);
        assertThat(client.batch().v1().jobs().inNamespace("a").list().getItems()).isEmpty();
    }

    @Test
    void watchersSeeAdditionsChangesAndDeletionsInOrder() {
        List<String> seen = new CopyOnWriteArrayList<>();
        try (var watch = client.configMaps().inNamespace("a").watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, ConfigMap resource) {
                seen.add(action + " " + resource.getMetadata().getName() + " " + resource.getData().get("k"));
            }

            @Override
            public void onClose(WatcherException cause) {
            }
        })) {
            client.configMaps().inNamespace("a").resource(map("a", "one", "red")).create();
            client.configMaps().inNamespace("a").withName("one")
                    .patch(PatchContext.of(PatchType.JSON), "[{\"op\":\"add\",\"path\":\"/data/k\",\"value\":\"w\"}]");
            client.configMaps().inNamespace("b").resource(map("b", "other", "red")).create();
            client.configMaps().inNamespace("a").withName("one").delete();
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                    assertThat(seen).containsExactly("ADDED one v", "MODIFIED one w", "DELETED one w"));
        }
    }
}
