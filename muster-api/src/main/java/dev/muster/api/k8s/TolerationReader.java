package dev.muster.api.k8s;

import dev.muster.api.manifest.Field;
import dev.muster.api.validation.KubernetesSchema;
import dev.muster.core.model.Toleration;
import java.util.ArrayList;
import java.util.List;

/** Reads pod tolerations, with the API server's rules on operators and values. */
public final class TolerationReader {

    private static final List<String> OPERATORS = List.of("Equal", "Exists");

    private TolerationReader() {
    }

    public static List<Toleration> read(Field list) {
        List<Toleration> out = new ArrayList<>();
        for (Field item : list.items()) {
            if (!item.requireObject()) {
                item.require();
                continue;
            }
            item.rejectUnknownFields(KubernetesSchema.TOLERATION);
            String key = item.get("key").string("");
            Field operatorField = item.get("operator");
            String operator = operatorField.isPresent() ? operatorField.oneOf(OPERATORS).orElse("Equal") : "Equal";
            Field valueField = item.get("value");
            String value = valueField.string("");
            Field effectField = item.get("effect");
            String effect = "";
            if (effectField.isPresent() && !effectField.node().asText().isEmpty()) {
                effect = effectField.oneOf(TaintReader.EFFECTS).orElse("");
            }
            item.get("tolerationSeconds").integer();
            if (key.isEmpty() && !operator.equals("Exists")) {
                operatorField.error("must be Exists when key is empty (a toleration without a key tolerates every taint)");
            }
            if (operator.equals("Exists") && !value.isEmpty()) {
                valueField.error("must be empty when operator is Exists");
            }
            out.add(new Toleration(key, operator, value, effect));
        }
        return out;
    }
}
