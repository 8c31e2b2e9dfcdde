package dev.muster.api.k8s;

import dev.muster.api.manifest.Field;
import dev.muster.api.validation.KubernetesSchema;
import dev.muster.core.model.Taint;
import java.util.ArrayList;
import java.util.List;

/** Reads a list of node taints ({@code spec.taints} of a Node, {@code nodeTaints} of a ResourceFlavor). */
public final class TaintReader {

    static final List<String> EFFECTS = List.of("NoSchedule", "PreferNoSchedule", "NoExecute");

    private TaintReader() {
    }

    public static List<Taint> read(Field list) {
        List<Taint> out = new ArrayList<>();
        for (Field item : list.items()) {
            if (!item.requireObject()) {
                item.require();
                continue;
            }
            item.rejectUnknownFields(KubernetesSchema.TAINT);
            String key = item.get("key").requiredString();
            String value = item.get("value").string("");
            Field effectField = item.get("effect");
            String effect = effectField.require() ? effectField.oneOf(EFFECTS).orElse("") : "";
            if (!key.isEmpty() && !effect.isEmpty()) {
                out.add(new Taint(key, value, effect));
            }
        }
        return out;
    }
}
