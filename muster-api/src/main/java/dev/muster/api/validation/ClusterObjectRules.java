package dev.muster.api.validation;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;

/**
 * What the API server checks in the cluster-scoped core kinds Muster reads, beyond what their
 * readers check while reading: known fields, and the names and values reserved for the system.
 *
 * <p>Sources: {@code k8s.io/api/core/v1/types.go} (Node, Namespace fields) and
 * {@code k8s.io/kubernetes/pkg/apis/scheduling/validation/validation.go} (ValidatePriorityClass:
 * the {@code system-} prefix and values above HighestUserDefinablePriority are the system's).
 */
public final class ClusterObjectRules {

    /** HighestUserDefinablePriority: higher values are reserved for system-cluster-critical and up. */
    public static final int MAX_USER_PRIORITY = 1_000_000_000;
    static final String SYSTEM_PREFIX = "system-";

    private ClusterObjectRules() {
    }

    public static void node(ManifestObject object) {
        Field root = knownTopFields(object);
        knownFields(root.get("spec"), KubernetesSchema.NODE_SPEC);
        knownFields(root.get("status"), KubernetesSchema.NODE_STATUS);
    }

    public static void namespace(ManifestObject object) {
        knownFields(knownTopFields(object).get("spec"), KubernetesSchema.NAMESPACE_SPEC);
    }

    /** The object's top-level fields checked; its root, for the parts below. */
    private static Field knownTopFields(ManifestObject object) {
        Field root = object.root();
        root.rejectUnknownFields(KubernetesSchema.OBJECT);
        return root;
    }

    /** A part's fields checked, when it is there and a map (its shape is another rule's). */
    private static void knownFields(Field part, java.util.Collection<String> known) {
        if (part.isObject()) {
            part.rejectUnknownFields(known);
        }
    }

    /** The fields of a PriorityClass, its name, and the ceiling of a user class's value. */
    public static void priorityClass(ManifestObject object) {
        Field root = object.root();
        root.rejectUnknownFields(KubernetesSchema.PRIORITY_CLASS);
        if (object.meta().name().startsWith(SYSTEM_PREFIX)) {
            root.get("metadata").get("name").error("\"" + object.meta().name() + "\": names starting with \""
                    + SYSTEM_PREFIX + "\" are reserved for the system's priority classes");
        }
        Field value = root.get("value");
        if (value.node().isIntegralNumber() && value.node().canConvertToLong()
                && value.node().longValue() > MAX_USER_PRIORITY && value.node().longValue() <= Integer.MAX_VALUE) {
            value.error("must be at most " + MAX_USER_PRIORITY + " (higher values are reserved for system classes), got "
                    + value.node().longValue());
        }
    }
}
