package dev.muster.api.kueue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.core.checks.ProvisioningRequestConfig;
import dev.muster.core.checks.RetryStrategy;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads a Kueue ProvisioningRequestConfig: the class of capacity requests an admission check
 * makes, the resources they cover and how failed requests are retried (Kueue's defaults where
 * {@code retryStrategy} leaves a field out).
 */
public final class ProvisioningRequestConfigReader {

    private ProvisioningRequestConfigReader() {
    }

    public static ProvisioningRequestConfig read(ManifestObject object) {
        validate(object);
        return config(object.meta().name(), object.spec().node());
    }

    private static ProvisioningRequestConfig config(String name, JsonNode spec) {
        Set<String> managed = new TreeSet<>();
        spec.path("managedResources").forEach(r -> managed.add(r.asText()));
        Map<String, String> parameters = new TreeMap<>();
        spec.path("parameters").fields().forEachRemaining(e -> parameters.put(e.getKey(), e.getValue().asText()));
        JsonNode retry = spec.path("retryStrategy");
        RetryStrategy d = RetryStrategy.KUEUE_DEFAULT;
        RetryStrategy strategy = new RetryStrategy(retry.path("backoffLimitCount").asInt(d.backoffLimitCount()),
                retry.path("backoffBaseSeconds").asLong(d.backoffBaseMillis() / 1000) * 1000,
                retry.path("backoffMaxSeconds").asLong(d.backoffMaxMillis() / 1000) * 1000);
        return new ProvisioningRequestConfig(name, spec.path("provisioningClassName").asText(), managed, parameters,
                strategy);
    }

    private static void validate(ManifestObject object) {
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
