package dev.muster.api.validation;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.KubernetesNames;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the API server checks in a pod spec (a Pod's, or a template's) among the fields Muster
 * reads: the known fields of the spec, its containers and their resources, the restart policy,
 * and container names (DNS labels, unique over containers and init containers).
 *
 * <p>Source: {@code k8s.io/kubernetes/pkg/apis/core/validation/validation.go} (ValidatePodSpec,
 * validateRestartPolicy, validateContainers, validateInitContainers). Requests above limits are
 * checked where the containers' resources are read ({@code PodTemplateReader}).
 */
public final class PodSpecRules {

    public static final List<String> RESTART_POLICIES = List.of("Always", "OnFailure", "Never");

    private PodSpecRules() {
    }

    public static void check(Field spec) {
        if (!spec.isObject()) {
            return;
        }
        spec.rejectUnknownFields(KubernetesSchema.POD_SPEC);
        spec.get("restartPolicy").oneOf(RESTART_POLICIES);
        Map<String, String> names = new HashMap<>();
        checkContainers(spec.get("initContainers"), names);
        checkContainers(spec.get("containers"), names);
    }

    private static void checkContainers(Field list, Map<String, String> names) {
        if (!list.node().isArray()) {
            return;
        }
        for (Field c : list.items()) {
            if (!c.isObject()) {
                continue;
            }
            c.rejectUnknownFields(KubernetesSchema.CONTAINER);
            Field resources = c.get("resources");
            if (resources.isObject()) {
                resources.rejectUnknownFields(KubernetesSchema.RESOURCES);
            }
            checkName(c.get("name"), names);
        }
    }

    private static void checkName(Field nameField, Map<String, String> names) {
        if (!nameField.isPresent()) {
            nameField.error("required: every container needs a name");
            return;
        }
        String name = nameField.string().orElse(null);
        if (name == null) {
            return;
        }
        if (name.isEmpty()) {
            nameField.error("required: every container needs a name");
            return;
        }
        KubernetesNames.labelProblem(name).ifPresent(nameField::error);
        String first = names.putIfAbsent(name, nameField.path());
        if (first != null) {
            nameField.error("\"" + name + "\" is already the name of " + first + ": container names must be unique in a pod");
        }
    }
}
