package dev.muster.api.cluster;

import dev.muster.api.kueue.PriorityValue;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;

/** Reads a scheduling.k8s.io/v1 PriorityClass. */
public final class PriorityClassReader {

    /** Values above this are reserved for the system classes (system-cluster-critical and up). */
    static final int MAX_USER_VALUE = 1_000_000_000;

    private PriorityClassReader() {
    }

    public static PriorityClassDeclaration read(ManifestObject object) {
        Field root = object.root();
        Field value = root.get("value");
        value.require();
        int v = value.int32().orElse(0);
        if (v > MAX_USER_VALUE) {
            value.error("must be at most " + MAX_USER_VALUE + " (higher values are reserved for system classes), got " + v);
        }
        root.get("description").string();
        root.get("preemptionPolicy").oneOf("PreemptLowerPriority", "Never");
        Field globalDefault = root.get("globalDefault");
        return new PriorityClassDeclaration(new PriorityValue(object.meta().name(), v), globalDefault.bool(false), globalDefault);
    }
}
