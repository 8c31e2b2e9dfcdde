package dev.muster.api.cluster;

import dev.muster.api.kueue.PriorityValue;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.validation.ClusterObjectRules;

/** Reads a scheduling.k8s.io/v1 PriorityClass. */
public final class PriorityClassReader {

    private PriorityClassReader() {
    }

    public static PriorityClassDeclaration read(ManifestObject object) {
        Field root = object.root();
        Field value = root.get("value");
        value.require();
        int v = value.int32().orElse(0);
        ClusterObjectRules.priorityClass(object);
        root.get("description").string();
        root.get("preemptionPolicy").oneOf("PreemptLowerPriority", "Never");
        Field globalDefault = root.get("globalDefault");
        return new PriorityClassDeclaration(new PriorityValue(object.meta().name(), v), globalDefault.bool(false), globalDefault);
    }
}
