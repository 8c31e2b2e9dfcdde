package dev.muster.crds.kueue;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * Cohort as {@code kueue.x-k8s.io/v1alpha1}, the version Kueue first published it in: served with
 * the same schema as {@link Cohort} (v1beta1, the storage version), so that manifests and clients
 * written against it keep working.
 */
@Group(Kueue.GROUP)
@Version(value = Kueue.COHORT_ALPHA_VERSION, storage = false)
@Kind("Cohort")
@Plural("cohorts")
@Singular("cohort")
@Categories({"kueue", "muster"})
@JsonClassDescription("Cohort is an inner node of the quota tree; ClusterQueues and Cohorts that name it share and borrow quota.")
public class CohortV1alpha1 extends CustomResource<CohortSpec, CohortStatus> {
}
