package dev.muster.crds;

import dev.muster.crds.kai.Queue;
import dev.muster.crds.kueue.AdmissionCheck;
import dev.muster.crds.kueue.ClusterQueue;
import dev.muster.crds.kueue.Cohort;
import dev.muster.crds.kueue.CohortV1alpha1;
import dev.muster.crds.kueue.LocalQueue;
import dev.muster.crds.kueue.ProvisioningRequestConfig;
import dev.muster.crds.kueue.ResourceFlavor;
import dev.muster.crds.kueue.Workload;
import dev.muster.crds.kueue.WorkloadPriorityClass;
import dev.muster.crds.kueue.AdmissionCheckV1beta2;
import dev.muster.crds.kueue.ClusterQueueV1beta2;
import dev.muster.crds.kueue.CohortV1beta2;
import dev.muster.crds.kueue.LocalQueueV1beta2;
import dev.muster.crds.kueue.ProvisioningRequestConfigV1beta2;
import dev.muster.crds.kueue.ResourceFlavorV1beta2;
import dev.muster.crds.kueue.WorkloadV1beta2;
import dev.muster.crds.kueue.WorkloadPriorityClassV1beta2;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.CustomResource;
import java.util.List;
import java.util.Optional;
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

    /** The model class of one served kind and version, e.g. {@code kueue.x-k8s.io/v1beta2} {@code Workload}. */
    public static Optional<Class<? extends CustomResource<?, ?>>> typeOf(String apiVersion, String kind) {
        return ALL.stream()
                .filter(c -> apiVersion.equals(HasMetadata.getApiVersion(c)) && kind.equals(HasMetadata.getKind(c)))
                .findFirst();
    }
}
