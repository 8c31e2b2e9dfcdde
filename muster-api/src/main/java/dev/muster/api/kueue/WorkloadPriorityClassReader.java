package dev.muster.api.kueue;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;

/** Reads a Kueue WorkloadPriorityClass: a priority for workloads that does not touch pod priority. */
public final class WorkloadPriorityClassReader {

    private WorkloadPriorityClassReader() {
    }

    public static PriorityValue read(ManifestObject object) {
        Field value = object.root().get("value");
        value.require();
        object.root().get("description").string();
        return new PriorityValue(object.meta().name(), value.int32().orElse(0));
    }
}
