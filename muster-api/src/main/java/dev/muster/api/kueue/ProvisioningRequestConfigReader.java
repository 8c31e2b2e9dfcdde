package dev.muster.api.kueue;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import java.util.List;

/**
 * Validates a Kueue ProvisioningRequestConfig: the class of capacity requests an admission check
 * makes, the resources they cover and how failed requests are retried. The simulator reads the
 * validated object as a DeclaredObject.
 */
public final class ProvisioningRequestConfigReader {

    private ProvisioningRequestConfigReader() {
    }

    public static void validate(ManifestObject object) {
        Field spec = object.spec();
        spec.requireObject();
        spec.rejectUnknownFields(List.of("provisioningClassName", "parameters", "managedResources", "retryStrategy",
                "podSetUpdates", "podSetMergePolicy"));
        spec.get("provisioningClassName").requiredString();
        spec.get("parameters").stringMap();
        spec.get("managedResources").stringList();
        Field retry = spec.get("retryStrategy");
        if (retry.requireObject()) {
            retry.rejectUnknownFields(List.of("backoffLimitCount", "backoffBaseSeconds", "backoffMaxSeconds"));
            nonNegative(retry.get("backoffLimitCount"));
            positive(retry.get("backoffBaseSeconds"));
            positive(retry.get("backoffMaxSeconds"));
        }
        Field updates = spec.get("podSetUpdates");
        if (updates.requireObject()) {
            updates.rejectUnknownFields(List.of("nodeSelector"));
            for (Field selector : updates.get("nodeSelector").items()) {
                if (selector.requireObject()) {
                    selector.rejectUnknownFields(List.of("key", "valueFromProvisioningClassDetail"));
                    selector.get("key").requiredString();
                    selector.get("valueFromProvisioningClassDetail").requiredString();
                }
            }
        }
        spec.get("podSetMergePolicy").oneOf("IdenticalPodTemplates", "IdenticalWorkloadSchedulingRequirements");
    }

    private static void nonNegative(Field f) {
        f.int32().filter(v -> v < 0).ifPresent(v -> f.error("must not be negative, got " + v));
    }

    private static void positive(Field f) {
        f.int32().filter(v -> v < 1).ifPresent(v -> f.error("must be at least 1, got " + v));
    }
}
