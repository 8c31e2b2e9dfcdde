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
 * An inner node of the quota tree: ClusterQueues and Cohorts that name it share and borrow quota.
 */
@Group(Kueue.GROUP)
@Version(value = Kueue.VERSION, storage = true)
@Kind("Cohort")
@Plural("cohorts")
@Singular("cohort")
@Categories({"kueue", "muster"})
@JsonClassDescription("Cohort is an inner node of the quota tree; ClusterQueues and Cohorts that name it share and borrow quota.")
public class Cohort extends CustomResource<CohortSpec, CohortStatus> {
}
