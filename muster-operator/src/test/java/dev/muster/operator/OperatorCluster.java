package dev.muster.operator;

import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A cluster for operator tests on fabric8's mock API server: the CRDs of the kinds Muster serves
 * and the job kinds it manages, manifests from test resources, and small stand-ins for what
 * KubeRay would write.
 */
public final class OperatorCluster {

    private final KubernetesClient client;

    public OperatorCluster(KubernetesClient client) {
        this.client = client;
    }

    /** The CustomResourceDefinitions the operator looks for before it watches a kind. */
    public OperatorCluster withCrds(KubeKind... kinds) {
        for (KubeKind k : kinds) {
            client.apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
                    .withNewMetadata().withName(k.plural() + "." + k.group()).endMetadata()
                    .withNewSpec().withGroup(k.group()).withScope(k.namespaced() ? "Namespaced" : "Cluster")
                    .withNewNames().withKind(k.kind()).withPlural(k.plural()).endNames()
                    .addNewVersion().withName(k.version()).withServed(true).withStorage(true)
                    .withNewSubresources().withNewStatus().endStatus().endSubresources().endVersion()
                    .endSpec().build()).create();
        }
        return this;
    }

    OperatorCluster withAllCrds() {
        return withCrds(KubeKind.RESOURCE_FLAVOR, KubeKind.CLUSTER_QUEUE, KubeKind.LOCAL_QUEUE, KubeKind.WORKLOAD,
                KubeKind.WORKLOAD_PRIORITY_CLASS, KubeKind.ADMISSION_CHECK, KubeKind.PROVISIONING_REQUEST_CONFIG,
                KubeKind.PROVISIONING_REQUEST, KubeKind.RAY_JOB, KubeKind.RAY_CLUSTER);
    }

    /** Creates every document of a test resource. */
    void apply(String resource) {
        apply(resource, Map.of());
    }

    void apply(String resource, Map<String, String> replacements) {
        String text = read(resource);
        for (Map.Entry<String, String> r : replacements.entrySet()) {
            text = text.replace(r.getKey(), r.getValue());
        }
        create(text);
    }

    /** Creates every document of a manifest file of the repository (an example's, say). */
    void applyFile(java.nio.file.Path file) {
        applyFile(file, Map.of());
    }

    void applyFile(java.nio.file.Path file, Map<String, String> replacements) {
        try {
            String text = java.nio.file.Files.readString(file, StandardCharsets.UTF_8);
            for (Map.Entry<String, String> r : replacements.entrySet()) {
                text = text.replace(r.getKey(), r.getValue());
            }
            create(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void create(String text) {
        for (String doc : text.split("(?m)^---$")) {
            if (doc.lines().allMatch(l -> l.isBlank() || l.stripLeading().startsWith("#"))) {
                continue;
            }
            GenericKubernetesResource r = client.getKubernetesSerialization().unmarshal(doc, GenericKubernetesResource.class);
            KubeKind kind = kindOf(r);
            var op = client.genericKubernetesResources(kind.context());
            if (kind.namespaced()) {
                String ns = r.getMetadata().getNamespace() == null ? "default" : r.getMetadata().getNamespace();
                op.inNamespace(ns).resource(r).create();
            } else {
                op.resource(r).create();
            }
        }
    }

    GenericKubernetesResource get(KubeKind kind, ObjectKey key) {
        return client.genericKubernetesResources(kind.context()).inNamespace(key.namespace()).withName(key.name()).get();
    }

    /** What KubeRay writes when a RayJob's job ends. */
    void finishRayJob(ObjectKey key) {
        var op = client.genericKubernetesResources(KubeKind.RAY_JOB.context()).inNamespace(key.namespace()).withName(key.name());
        GenericKubernetesResource job = op.get();
        job.setAdditionalProperty("status", Map.of("jobDeploymentStatus", "Complete", "jobStatus", "SUCCEEDED"));
        op.updateStatus(job);
    }

    static boolean suspended(GenericKubernetesResource job) {
        if (job == null) {
            throw new AssertionError("the job does not exist (yet)");
        }
        Object spec = job.getAdditionalProperties().get("spec");
        return spec instanceof Map<?, ?> m && Boolean.TRUE.equals(m.get("suspend"));
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> conditions(GenericKubernetesResource workload) {
        if (workload == null) {
            return List.of(); // not created yet
        }
        Object status = workload.getAdditionalProperties().get("status");
        if (!(status instanceof Map<?, ?> s) || !(s.get("conditions") instanceof List<?> c)) {
            return List.of();
        }
        return (List<Map<String, Object>>) c;
    }

    static boolean condition(GenericKubernetesResource workload, String type) {
        return conditions(workload).stream().anyMatch(c -> type.equals(c.get("type")) && "True".equals(c.get("status")));
    }

    static String message(GenericKubernetesResource workload, String type) {
        return conditions(workload).stream().filter(c -> type.equals(c.get("type"))).map(c -> String.valueOf(c.get("message")))
                .findFirst().orElse("");
    }

    private static KubeKind kindOf(GenericKubernetesResource r) {
        for (KubeKind k : List.of(KubeKind.RESOURCE_FLAVOR, KubeKind.CLUSTER_QUEUE, KubeKind.LOCAL_QUEUE, KubeKind.COHORT,
                KubeKind.WORKLOAD_PRIORITY_CLASS, KubeKind.ADMISSION_CHECK, KubeKind.PROVISIONING_REQUEST_CONFIG,
                KubeKind.WORKLOAD, KubeKind.KAI_QUEUE, KubeKind.RAY_JOB, KubeKind.RAY_CLUSTER, KubeKind.BATCH_JOB,
                KubeKind.NODE, KubeKind.NAMESPACE, KubeKind.PRIORITY_CLASS)) {
            if (k.kind().equals(r.getKind()) && k.apiVersion().equals(r.getApiVersion())) {
                return k;
            }
        }
        throw new IllegalArgumentException("no KubeKind for " + r.getApiVersion() + " " + r.getKind());
    }

    private static String read(String resource) {
        try (InputStream in = OperatorCluster.class.getResourceAsStream("/operator/" + resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource operator/" + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
