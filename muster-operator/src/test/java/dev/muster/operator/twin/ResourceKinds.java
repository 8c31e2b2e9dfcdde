package dev.muster.operator.twin;

import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;

/** The operator's KubeKind of a manifest, for creating it through the generic client. */
final class ResourceKinds {

    private static final List<KubeKind> KINDS = List.of(KubeKind.RESOURCE_FLAVOR, KubeKind.CLUSTER_QUEUE,
            KubeKind.LOCAL_QUEUE, KubeKind.COHORT, KubeKind.WORKLOAD_PRIORITY_CLASS, KubeKind.ADMISSION_CHECK,
            KubeKind.PROVISIONING_REQUEST_CONFIG, KubeKind.WORKLOAD, KubeKind.KAI_QUEUE, KubeKind.RAY_JOB,
            KubeKind.RAY_CLUSTER, KubeKind.BATCH_JOB, KubeKind.NODE, KubeKind.NAMESPACE, KubeKind.PRIORITY_CLASS,
            KubeKind.POD);

    private ResourceKinds() {
    }

    static KubeKind of(GenericKubernetesResource r) {
        for (KubeKind k : KINDS) {
            if (k.kind().equals(r.getKind()) && k.apiVersion().equals(r.getApiVersion())) {
                return k;
            }
        }
        throw new IllegalArgumentException("the operator's test cluster does not serve " + r.getApiVersion() + " " + r.getKind());
    }
}
