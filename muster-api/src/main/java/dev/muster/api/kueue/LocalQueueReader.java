package dev.muster.api.kueue;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Reference;
import dev.muster.core.model.LocalQueueSpec;
import dev.muster.core.model.ObjectKey;
import java.util.List;

/** Reads a Kueue LocalQueue: the namespaced queue users submit to, pointing at one ClusterQueue. */
public final class LocalQueueReader {

    private LocalQueueReader() {
    }

    public static LocalQueueDeclaration read(ManifestObject object) {
        Field spec = object.spec();
        spec.requireObject();
        spec.rejectUnknownFields(List.of("clusterQueue", "stopPolicy", "fairSharing"));
        Field cq = spec.get("clusterQueue");
        String clusterQueue = cq.requiredString();
        spec.get("stopPolicy").oneOf("None", "Hold", "HoldAndDrain");
        FairSharingWeight.read(spec.get("fairSharing"));
        ObjectKey key = new ObjectKey(object.meta().namespace(), object.meta().name());
        return new LocalQueueDeclaration(new LocalQueueSpec(key, clusterQueue), new Reference(clusterQueue, cq));
    }
}
