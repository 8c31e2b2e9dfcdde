package dev.muster.api.kueue;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Reference;
import dev.muster.api.scenario.CheckScript;
import dev.muster.api.scenario.SimAnnotations;
import java.util.List;
import java.util.Optional;

/** Reads a Kueue AdmissionCheck: a named gate, run by a controller, that admission must pass. */
public final class AdmissionCheckReader {

    private AdmissionCheckReader() {
    }

    public static AdmissionCheckDeclaration read(ManifestObject object) {
        Field spec = object.spec();
        spec.requireObject();
        spec.rejectUnknownFields(List.of("controllerName", "parameters", "retryDelayMinutes"));
        String controller = spec.get("controllerName").requiredString();
        long retryDelayMillis = spec.get("retryDelayMinutes").integer().orElse(0L) * 60_000;
        Optional<Reference> config = Optional.empty();
        Field parameters = spec.get("parameters");
        if (parameters.requireObject()) {
            parameters.rejectUnknownFields(List.of("apiGroup", "kind", "name"));
            String group = parameters.get("apiGroup").requiredString();
            String kind = parameters.get("kind").requiredString();
            Field nameField = parameters.get("name");
            String name = nameField.requiredString();
            if (group.equals("kueue.x-k8s.io") && kind.equals("ProvisioningRequestConfig") && !name.isEmpty()) {
                config = Optional.of(new Reference(name, nameField));
            }
        }
        if (controller.equals(AdmissionCheck.PROVISIONING_CONTROLLER) && config.isEmpty() && parameters.isPresent()) {
            parameters.get("kind").error("must be ProvisioningRequestConfig (apiGroup kueue.x-k8s.io) for controller "
                    + controller);
        }
        AdmissionCheck check = new AdmissionCheck(object.meta().name(), controller, config.map(Reference::name),
                retryDelayMillis, script(object));
        return new AdmissionCheckDeclaration(check, config);
    }

    /** The scripted answers; a script that does not parse was reported by {@link SimAnnotations}. */
    private static Optional<CheckScript> script(ManifestObject object) {
        String text = object.meta().annotations().get(SimAnnotations.CHECK_SCRIPT);
        try {
            return Optional.ofNullable(text).map(CheckScript::parse);
        } catch (IllegalArgumentException reported) {
            return Optional.empty();
        }
    }
}
