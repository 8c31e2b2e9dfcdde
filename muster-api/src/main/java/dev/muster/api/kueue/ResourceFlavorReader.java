package dev.muster.api.kueue;

import dev.muster.api.k8s.TaintReader;
import dev.muster.api.k8s.TolerationReader;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.core.model.ResourceFlavorSpec;
import java.util.List;

/** Reads a Kueue ResourceFlavor; a flavor without spec (common for a "default-flavor") has no labels or taints. */
public final class ResourceFlavorReader {

    private ResourceFlavorReader() {
    }

    public static ResourceFlavorSpec read(ManifestObject object) {
        Field spec = object.spec();
        spec.requireObject();
        spec.rejectUnknownFields(List.of("nodeLabels", "nodeTaints", "tolerations", "topologyName"));
        spec.get("topologyName").string();
        return new ResourceFlavorSpec(
                object.meta().name(),
                spec.get("nodeLabels").stringMap(),
                TaintReader.read(spec.get("nodeTaints")),
                TolerationReader.read(spec.get("tolerations")));
    }
}
