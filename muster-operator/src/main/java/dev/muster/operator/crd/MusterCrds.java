package dev.muster.operator.crd;

import dev.muster.operator.crd.kai.Queue;
import dev.muster.operator.crd.kueue.AdmissionCheck;
import dev.muster.operator.crd.kueue.ClusterQueue;
import dev.muster.operator.crd.kueue.Cohort;
import dev.muster.operator.crd.kueue.CohortV1alpha1;
import dev.muster.operator.crd.kueue.LocalQueue;
import dev.muster.operator.crd.kueue.ProvisioningRequestConfig;
import dev.muster.operator.crd.kueue.ResourceFlavor;
import dev.muster.operator.crd.kueue.Workload;
import dev.muster.operator.crd.kueue.WorkloadPriorityClass;
import dev.muster.operator.crd.kueue.AdmissionCheckV1beta2;
import dev.muster.operator.crd.kueue.ClusterQueueV1beta2;
import dev.muster.operator.crd.kueue.CohortV1beta2;
import dev.muster.operator.crd.kueue.LocalQueueV1beta2;
import dev.muster.operator.crd.kueue.ProvisioningRequestConfigV1beta2;
import dev.muster.operator.crd.kueue.ResourceFlavorV1beta2;
import dev.muster.operator.crd.kueue.WorkloadV1beta2;
import dev.muster.operator.crd.kueue.WorkloadPriorityClassV1beta2;
import io.fabric8.kubernetes.client.CustomResource;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/** The custom resource classes Muster serves, and the names of the CustomResourceDefinitions generated from them. */
public final class MusterCrds {

    /** Every served kind and version; a kind served in several versions appears once per version. */
    public static final List<Class<? extends CustomResource<?, ?>>> ALL = List.of(
            ResourceFlavor.class,
            ClusterQueue.class,
            Cohort.class,
            CohortV1alpha1.class,
            LocalQueue.class,
            WorkloadPriorityClass.class,
            AdmissionCheck.class,
            ProvisioningRequestConfig.class,
            Workload.class,
            Queue.class,
            ResourceFlavorV1beta2.class,
            ClusterQueueV1beta2.class,
            CohortV1beta2.class,
            LocalQueueV1beta2.class,
            WorkloadPriorityClassV1beta2.class,
            AdmissionCheckV1beta2.class,
            ProvisioningRequestConfigV1beta2.class,
            WorkloadV1beta2.class);

    private MusterCrds() {
    }

    /** Names of the CustomResourceDefinitions ({@code <plural>.<group>}), sorted. */
    public static SortedSet<String> crdNames() {
        SortedSet<String> names = new TreeSet<>();
        for (Class<? extends CustomResource<?, ?>> c : ALL) {
            names.add(CustomResource.getCRDName(c));
        }
        return names;
    }
}
