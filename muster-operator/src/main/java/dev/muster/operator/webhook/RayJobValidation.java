package dev.muster.operator.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The checks Kueue's validating webhook makes on a RayJob that a queue manages
 * ({@code kueue.x-k8s.io/queue-name} set): the queue admits the RayCluster the RayJob creates,
 * so the RayJob must bring its own cluster ({@code spec.rayClusterSpec}), must not run on an
 * existing one ({@code spec.clusterSelector}) and must delete its cluster when the job ends
 * ({@code spec.shutdownAfterJobFinishes: true}), or the cluster would go on holding the queue's
 * quota.
 *
 * <p>Kueue (recent versions) leaves alone a RayJob that has a {@code clusterSelector} and no
 * {@code rayClusterSpec}, as one it does not manage; Muster rejects every queued RayJob with a
 * {@code clusterSelector}, as Kueue's earlier versions did: a RayJob that names a queue expects
 * to wait in it.
 */
public final class RayJobValidation {

    static final String MANAGED = "a RayJob managed by a queue";

    /**
     * The field errors of a RayJob managed by a queue, in a fixed order; empty when it is valid.
     *
     * @param rayJob the RayJob object (as the AdmissionReview's {@code request.object} holds it)
     */
    public List<FieldError> validate(JsonNode rayJob) {
        List<FieldError> errors = new ArrayList<>();
        JsonNode spec = rayJob == null ? null : rayJob.get("spec");
        if (spec == null || !spec.isObject()) {
            errors.add(new FieldError("spec", "is required for " + MANAGED));
            return errors;
        }
        JsonNode selector = spec.get("clusterSelector");
        boolean hasSelector = selector != null && !selector.isNull() && !selector.isEmpty();
        JsonNode clusterSpec = spec.get("rayClusterSpec");
        boolean hasClusterSpec = clusterSpec != null && !clusterSpec.isNull();

        if (hasSelector) {
            errors.add(new FieldError("spec.clusterSelector",
                    "must be empty for " + MANAGED + ": the queue admits the RayCluster the RayJob creates,"
                            + " it cannot run the job on an existing RayCluster"));
        } else if (!hasClusterSpec) {
            errors.add(new FieldError("spec.rayClusterSpec", "is required for " + MANAGED));
        }
        JsonNode shutdown = spec.get("shutdownAfterJobFinishes");
        if (shutdown == null || !shutdown.isBoolean() || !shutdown.booleanValue()) {
            errors.add(new FieldError("spec.shutdownAfterJobFinishes", "must be true for " + MANAGED));
        }
        return errors;
    }
}
