package dev.muster.api.k8s;

import dev.muster.api.manifest.Field;
import dev.muster.core.model.LabelSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads a {@code metav1.LabelSelector} (matchLabels and matchExpressions). */
public final class LabelSelectorReader {

    private static final List<String> OPERATORS = List.of("In", "NotIn", "Exists", "DoesNotExist");
    private static final Set<String> NEEDS_VALUES = Set.of("In", "NotIn");

    private LabelSelectorReader() {
    }

    /**
     * @param whenAbsent what an absent (or null) selector means for this field: Kueue reads a
     *                   missing ClusterQueue namespaceSelector as "no namespace", {@code {}} as all
     */
    public static LabelSelector read(Field selector, LabelSelector whenAbsent) {
        if (!selector.requireObject()) {
            return whenAbsent;
        }
        selector.rejectUnknownFields(List.of("matchLabels", "matchExpressions"));
        Map<String, String> matchLabels = selector.get("matchLabels").stringMap();
        List<LabelSelector.Requirement> expressions = new ArrayList<>();
        for (Field e : selector.get("matchExpressions").items()) {
            if (!e.requireObject()) {
                e.require();
                continue;
            }
            String key = e.get("key").requiredString();
            Field operatorField = e.get("operator");
            String operator = operatorField.require() ? operatorField.oneOf(OPERATORS).orElse("") : "";
            Field valuesField = e.get("values");
            List<String> values = valuesField.stringList();
            if (NEEDS_VALUES.contains(operator) && values.isEmpty()) {
                valuesField.error("must list at least one value for operator " + operator);
            } else if (!operator.isEmpty() && !NEEDS_VALUES.contains(operator) && !values.isEmpty()) {
                valuesField.error("must be empty for operator " + operator);
            }
            if (!key.isEmpty() && !operator.isEmpty()) {
                expressions.add(new LabelSelector.Requirement(key, operator, values));
            }
        }
        return LabelSelector.of(matchLabels, expressions);
    }
}
