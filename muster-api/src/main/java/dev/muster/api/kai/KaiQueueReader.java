package dev.muster.api.kai;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Reference;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * Reads a KAI Scheduler Queue ({@code scheduling.run.ai/v2}). Quotas and limits are float64 numbers
 * (GPUs in devices, cpu in millicores, memory in MB) where -1 means unlimited.
 */
public final class KaiQueueReader {

    private static final List<String> RESOURCES = List.of("gpu", "cpu", "memory");
    private static final BigDecimal UNLIMITED = BigDecimal.ONE.negate();

    private KaiQueueReader() {
    }

    public static KaiQueueDeclaration read(ManifestObject object) {
        Field spec = object.spec();
        spec.requireObject();
        spec.rejectUnknownFields(List.of("displayName", "parentQueue", "priority", "resources",
                "preemptMinRuntime", "reclaimMinRuntime"));
        spec.get("displayName").string();
        Field parentField = spec.get("parentQueue");
        Optional<String> parent = parentField.string().filter(s -> !s.isEmpty());
        spec.get("priority").int32();
        spec.get("preemptMinRuntime").nonNegativeDuration();
        spec.get("reclaimMinRuntime").nonNegativeDuration();
        Field resources = spec.get("resources");
        if (resources.requireObject()) {
            resources.rejectUnknownFields(RESOURCES);
            for (String r : RESOURCES) {
                resource(resources.get(r));
            }
        }
        return new KaiQueueDeclaration(object.meta().name(), parent.map(p -> new Reference(p, parentField)));
    }

    private static void resource(Field f) {
        if (!f.requireObject()) {
            return;
        }
        f.rejectUnknownFields(List.of("quota", "limit", "overQuotaWeight"));
        Optional<BigDecimal> quota = unlimitedOrNonNegative(f.get("quota"));
        Optional<BigDecimal> limit = unlimitedOrNonNegative(f.get("limit"));
        Field weight = f.get("overQuotaWeight");
        weight.number().filter(w -> w.signum() < 0)
                .ifPresent(w -> weight.error("must not be negative, got " + w.toPlainString()));
        if (quota.isPresent() && limit.isPresent() && quota.get().signum() >= 0 && limit.get().signum() >= 0
                && quota.get().compareTo(limit.get()) > 0) {
            f.get("quota").error("must not exceed limit (" + limit.get().toPlainString() + "), got "
                    + quota.get().toPlainString());
        }
    }

    private static Optional<BigDecimal> unlimitedOrNonNegative(Field f) {
        Optional<BigDecimal> v = f.number();
        if (v.isPresent() && v.get().signum() < 0 && v.get().compareTo(UNLIMITED) != 0) {
            f.error("must be -1 (unlimited) or not negative, got " + v.get().toPlainString());
            return Optional.empty();
        }
        return v;
    }
}
