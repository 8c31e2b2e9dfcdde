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
import io.fabric8.kubernetes.client.CustomResource;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/** The custom resource classes Muster serves, and the names of the CustomResourceDefinitions generated from them. */
public final class MusterCrds {

    /** Every served kind and version; a kind served in two versions (Cohort) appears twice. */
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
            Queue.class);

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
