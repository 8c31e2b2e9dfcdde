package dev.muster.operator.kube;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.jobs.JobPatches;
import dev.muster.operator.placement.PodBinding;
import io.fabric8.kubernetes.api.model.Binding;
import io.fabric8.kubernetes.api.model.BindingBuilder;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link ClusterWriter} on the fabric8 client: JSON Patches on jobs, status on /status, events in core/v1 (through an {@link EventRecorder}). */
public final class FabricClusterWriter implements ClusterWriter, EventWriter, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FabricClusterWriter.class);
    /** A write that meets a conflict is tried again on a fresh object this many times. */
    private static final int ATTEMPTS = 5;

    private final KubernetesClient client;
    private final String component;
    private final EventRecorder events;

    public FabricClusterWriter(KubernetesClient client, String component) {
        this.client = client;
        this.component = component;
        this.events = new EventRecorder(this, EventCorrelator.Settings.KUBE, java.time.Clock.systemUTC());
    }


    @Override
    public boolean patchJob(KubeKind kind, ObjectKey job, ArrayNode jsonPatch) {
        String patch = jsonPatch.toString();
        // By reference, not withName: patching withName makes fabric8 read the object first.
        return retrying("patch " + kind.kind() + " " + job, JobPatches.preconditioned(jsonPatch),
                () -> client.genericKubernetesResources(kind.context())
                .inNamespace(job.namespace()).resource(reference(kind, job)).patch(PatchContext.of(PatchType.JSON), patch));
    }

    @Override
    public boolean ensure(KubeKind kind, ObjectNode object) {
        GenericKubernetesResource resource = Serialization.unmarshal(object.toString(), GenericKubernetesResource.class);
        var op = client.genericKubernetesResources(kind.context())
                .inNamespace(resource.getMetadata().getNamespace()).withName(resource.getMetadata().getName());
        // Create without looking first: a 409 says it exists already, which is all we wanted.
        return retrying("create " + kind.kind() + " " + resource.getMetadata().getName(), () -> {
            try {
                op.create(resource);
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409) {
                    throw e;
                }
            }
            return null;
        });
    }

    @Override
    public boolean writeStatus(KubeKind kind, ObjectKey object, ObjectNode status) {
        // One JSON Patch on /status that replaces it: no read first, and no resourceVersion to conflict on.
        String patch = "[{\"op\":\"add\",\"path\":\"/status\",\"value\":" + status + "}]";
        java.util.concurrent.atomic.AtomicBoolean gone = new java.util.concurrent.atomic.AtomicBoolean();
        boolean sent = retrying("status of " + kind.kind() + " " + object, () -> {
            var resources = client.genericKubernetesResources(kind.context());
            var ops = kind.namespaced() ? resources.inNamespace(object.namespace()) : resources;
            try {
                return ops.resource(reference(kind, object)).subresource("status").patch(PatchContext.of(PatchType.JSON), patch);
            } catch (KubernetesClientException e) {
                if (e.getCode() != 404) {
                    throw e;
                }
                gone.set(true);
                return null;
            }
        });
        // Not written: the object is gone (a Workload deleted with its job, or by hand, which the
        // decider learns from the watch); nothing that waits for this status may go ahead.
        return sent && !gone.get();
    }

    @Override
    public boolean annotate(KubeKind kind, ObjectKey object, java.util.Map<String, String> annotations) {
        // A merge patch names only these annotations: others (a user's, kubectl's) stay as they are,
        // and a null value removes one.
        ObjectNode patch = Serialization.jsonMapper().createObjectNode();
        ObjectNode values = patch.putObject("metadata").putObject("annotations");
        annotations.forEach(values::put);
        String text = patch.toString();
        java.util.concurrent.atomic.AtomicBoolean gone = new java.util.concurrent.atomic.AtomicBoolean();
        boolean sent = retrying("annotations of " + kind.kind() + " " + object, () -> {
            var resources = client.genericKubernetesResources(kind.context());
            var ops = kind.namespaced() ? resources.inNamespace(object.namespace()) : resources;
            try {
                return ops.resource(reference(kind, object)).patch(PatchContext.of(PatchType.JSON_MERGE), text);
            } catch (KubernetesClientException e) {
                if (e.getCode() != 404) {
                    throw e;
                }
                gone.set(true);
                return null;
            }
        });
        return sent && !gone.get();
    }

    @Override
    public boolean bind(PodBinding b) {
        if (!b.labels().isEmpty() || !b.annotations().isEmpty()) {
            var meta = Serialization.jsonMapper().createObjectNode().putObject("metadata");
            b.labels().forEach(meta.putObject("labels")::put);
            b.annotations().forEach(meta.putObject("annotations")::put);
            String patch = meta.toString();
            boolean written = retrying("GPU labels of pod " + b.pod(), () -> client.pods().inNamespace(b.pod().namespace())
                    .resource(podReference(b.pod())).patch(PatchContext.of(PatchType.JSON_MERGE), "{\"metadata\":" + patch + "}"));
            if (!written) {
                return false;
            }
        }
        Binding binding = new BindingBuilder().withNewMetadata().withName(b.pod().name()).withNamespace(b.pod().namespace())
                .withUid(b.uid().isEmpty() ? null : b.uid()).endMetadata()
                .withNewTarget().withApiVersion("v1").withKind("Node").withName(b.node()).endTarget().build();
        boolean[] refused = {false};
        boolean sent = retrying("bind pod " + b.pod() + " to " + b.node(), () -> {
            try {
                return client.bindings().inNamespace(b.pod().namespace()).resource(binding).create();
            } catch (KubernetesClientException e) {
                if (e.getCode() == 404) {
                    return null; // gone: its deletion settles the binding
                }
                if (e.getCode() == 409) {
                    refused[0] = true;
                    return null;
                }
                throw e;
            }
        });
        return sent && (!refused[0] || boundAlready(b));
    }

    /**
     * A binding refused with a conflict is done only if the pod is bound in fact (the API server
     * refuses a second binding of a pod, say one sent again after a lost answer). Otherwise it was
     * refused for another reason (the pod was made anew under the same name, another binding of
     * that name was still being carried out) and no event of the pod would say so: it fails, and
     * the pod is bound again in a later cycle.
     */
    private boolean boundAlready(PodBinding b) {
        try {
            Pod pod = client.pods().inNamespace(b.pod().namespace()).withName(b.pod().name()).get();
            if (pod == null) {
                return true; // gone: its deletion settles the binding
            }
            String node = pod.getSpec() == null ? null : pod.getSpec().getNodeName();
            if (node != null && !node.isEmpty()) {
                return true;
            }
            LOG.debug("binding pod {} refused (409) while it is not bound; bound again later", b.pod());
            return false;
        } catch (KubernetesClientException e) {
            LOG.debug("reading pod {} after its binding was refused failed ({}); bound again later", b.pod(), e.getCode());
            return false;
        }
    }

    @Override
    public boolean deletePod(ObjectKey pod) {
        return retrying("delete pod " + pod, () -> client.pods().inNamespace(pod.namespace()).resource(podReference(pod)).delete());
    }

    @Override
    public boolean delete(KubeKind kind, ObjectKey object) {
        return retrying("delete " + kind.kind() + " " + object, () -> {
            var op = client.genericKubernetesResources(kind.context());
            return kind.namespaced() ? op.inNamespace(object.namespace()).resource(reference(kind, object)).delete()
                    : op.resource(reference(kind, object)).delete();
        });
    }

    private static io.fabric8.kubernetes.api.model.Pod podReference(ObjectKey key) {
        return new io.fabric8.kubernetes.api.model.PodBuilder().withNewMetadata().withName(key.name())
                .withNamespace(key.namespace()).endMetadata().build();
    }

    /** An object by name only, to address it without reading it. */
    private static GenericKubernetesResource reference(KubeKind kind, ObjectKey key) {
        GenericKubernetesResource r = new GenericKubernetesResource();
        r.setApiVersion(kind.apiVersion());
        r.setKind(kind.kind());
        io.fabric8.kubernetes.api.model.ObjectMeta meta = new io.fabric8.kubernetes.api.model.ObjectMeta();
        meta.setName(key.name());
        meta.setNamespace(kind.namespaced() ? key.namespace() : null);
        r.setMetadata(meta);
        return r;
    }

    /** Queued for the event recorder, which correlates and writes it off the caller's thread. */
    @Override
    public void event(KubeKind kind, ObjectKey object, String uid, String type, String reason, String message) {
        events.record(kind, object, uid, type, reason, message);
    }

    @Override
    public boolean create(KubeEvent e) {
        try {
            client.v1().events().inNamespace(e.namespace()).resource(new EventBuilder()
                            .withNewMetadata().withName(e.name()).endMetadata()
                            .withNewInvolvedObject().withApiVersion(e.kind().apiVersion()).withKind(e.kind().kind())
                            .withNamespace(e.involved().namespace()).withName(e.involved().name())
                            .withUid(e.uid().isEmpty() ? null : e.uid()).endInvolvedObject()
                            .withType(e.type()).withReason(e.reason()).withMessage(e.message())
                            .withFirstTimestamp(Instant.ofEpochMilli(e.firstMillis()).toString())
                            .withLastTimestamp(Instant.ofEpochMilli(e.lastMillis()).toString()).withCount(e.count())
                            .withNewSource().withComponent(component).endSource()
                            .build())
                    .create();
            return true;
        } catch (KubernetesClientException x) {
            LOG.warn("could not record event {} on {} {}: {}", e.reason(), e.kind().kind(), e.involved(), x.getMessage());
            return false;
        }
    }

    @Override
    public boolean update(KubeEvent e) {
        // A merge patch of what changes, as client-go's recorder patches a repeated event.
        var patch = Serialization.jsonMapper().createObjectNode();
        patch.put("count", e.count());
        patch.put("lastTimestamp", Instant.ofEpochMilli(e.lastMillis()).toString());
        patch.put("message", e.message());
        try {
            // By reference, not withName, which would read the Event first.
            client.v1().events().inNamespace(e.namespace()).resource(new EventBuilder().withNewMetadata().withName(e.name())
                    .withNamespace(e.namespace()).endMetadata().build())
                    .patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
            return true;
        } catch (KubernetesClientException x) {
            if (x.getCode() != 404) {
                LOG.warn("could not update event {} on {} {}: {}", e.reason(), e.kind().kind(), e.involved(), x.getMessage());
            }
            return false;
        }
    }

    /** Stops the event recorder; events still queued are dropped. */
    @Override
    public void close() {
        events.close();
    }

    /**
     * Runs a write; a conflict (409) is tried again on a fresh object, a server error, throttling or
     * a broken connection after a short pause. Returns false, with the reason logged, when it
     * still fails.
     */
    private static boolean retrying(String what, java.util.function.Supplier<?> write) {
        return retrying(what, false, write);
    }

    /**
     * As {@link #retrying(String, java.util.function.Supplier)}; a write that holds only on the
     * object as it was read ({@code preconditioned}) is not tried again after a conflict: the same
     * patch would meet the same conflict, and the caller decides again on the fresh object.
     */
    private static boolean retrying(String what, boolean preconditioned, java.util.function.Supplier<?> write) {
        for (int attempt = 1; ; attempt++) {
            try {
                write.get();
                return true;
            } catch (KubernetesClientException e) {
                if (preconditioned && e.getCode() == 409) {
                    LOG.debug("{}: the object changed since it was read; decided again on its next event", what);
                    return false;
                }
                boolean transientError = e.getCode() == 409 || e.getCode() == 429 || e.getCode() >= 500 || e.getCode() == 0;
                if (!transientError || attempt >= ATTEMPTS) {
                    LOG.warn("{} failed ({}): {}", what, e.getCode(), e.getMessage());
                    return false;
                }
                LOG.debug("{}: {} ({} of {}), trying again", what, e.getCode(), attempt, ATTEMPTS);
                pause(attempt);
            }
        }
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(e10(attempt));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** 10, 20, 40, ... ms: short, as the decider waits meanwhile. */
    private static long e10(int attempt) {
        return 10L << Math.min(attempt - 1, 6);
    }
}
