package dev.muster.cli;

import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;

/** Objects put into fabric8's mock API server by the tests that run commands against a cluster. */
final class MockApiObjects {

    /** The kinds whose CRDs the operator looks for before it watches them. */
    private static final List<KubeKind> SERVED = List.of(KubeKind.RESOURCE_FLAVOR, KubeKind.CLUSTER_QUEUE, KubeKind.LOCAL_QUEUE,
            KubeKind.WORKLOAD, KubeKind.WORKLOAD_PRIORITY_CLASS, KubeKind.ADMISSION_CHECK, KubeKind.PROVISIONING_REQUEST_CONFIG,
            KubeKind.PROVISIONING_REQUEST, KubeKind.RAY_JOB, KubeKind.RAY_CLUSTER);

    private MockApiObjects() {
    }

    /** The CRDs of Kueue's and KubeRay's kinds, each with a status subresource as theirs have. */
    static void installCrds(KubernetesClient client) {
        for (KubeKind k : SERVED) {
            client.apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
                    .withNewMetadata().withName(k.plural() + "." + k.group()).endMetadata()
                    .withNewSpec().withGroup(k.group()).withScope(k.namespaced() ? "Namespaced" : "Cluster")
                    .withNewNames().withKind(k.kind()).withPlural(k.plural()).endNames()
                    .addNewVersion().withName(k.version()).withServed(true).withStorage(true)
                    .withNewSubresources().withNewStatus().endStatus().endSubresources().endVersion()
                    .endSpec().build()).create();
        }
    }

    /** Creates the object {@code json} describes, of {@code kind}, in its namespace when the kind has one. */
    static void create(KubernetesClient client, KubeKind kind, String json) {
        GenericKubernetesResource r = Serialization.unmarshal(json, GenericKubernetesResource.class);
        var resources = client.genericKubernetesResources(kind.context());
        (kind.namespaced() ? resources.inNamespace(r.getMetadata().getNamespace()) : resources).resource(r).create();
    }
}
