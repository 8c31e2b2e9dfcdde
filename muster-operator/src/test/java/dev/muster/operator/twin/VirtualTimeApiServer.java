package dev.muster.operator.twin;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.crud.AttributeSet;
import java.util.HashMap;
import java.util.Set;

/**
 * fabric8's mock API server in CRUD mode, except that an object is created at the virtual time:
 * the mock stamps {@code creationTimestamp} with the wall clock in whole seconds, which would
 * order jobs by when the test happened to create them. Jobs created at the same virtual instant
 * are a millisecond apart in the order they are created, as the simulator orders them by
 * declaration.
 */
final class VirtualTimeApiServer implements AutoCloseable {

    private static final Set<String> JOB_KINDS = Set.of("RayJob", "RayCluster", "Job");

    private final java.util.concurrent.atomic.AtomicLong writes = new java.util.concurrent.atomic.AtomicLong();
    private final KubernetesMockServer server;
    private final KubernetesClient client;

    VirtualTimeApiServer(VirtualClock clock) {
        KubernetesSerialization json = new KubernetesSerialization();
        KubernetesCrudDispatcher dispatcher = new KubernetesCrudDispatcher() {
            private long instant = -1;
            private int sameInstant;

            @Override
            public void processEvent(String path, AttributeSet pathAttributes, AttributeSet oldAttributes,
                    GenericKubernetesResource resource, String newState) {
                if (oldAttributes == null && resource != null && JOB_KINDS.contains(resource.getKind())) {
                    long now = clock.virtualMillis();
                    sameInstant = now == instant ? sameInstant + 1 : 0;
                    instant = now;
                    resource.getMetadata().setCreationTimestamp(VirtualClock.at(now + sameInstant).toString());
                    newState = json.asJson(resource);
                }
                super.processEvent(path, pathAttributes, oldAttributes, resource, newState);
                writes.incrementAndGet();
            }
        };
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), dispatcher, false);
        server.init();
        client = server.createClient();
    }

    /** How many objects were created, changed or deleted so far: the operator is quiet when this stands still. */
    long writes() {
        return writes.get();
    }

    KubernetesClient client() {
        return client;
    }

    @Override
    public void close() {
        client.close();
        server.destroy();
    }
}
