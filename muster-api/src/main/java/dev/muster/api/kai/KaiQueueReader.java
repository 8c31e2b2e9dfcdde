package dev.muster.api.kai;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Reference;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.quantity.Quantity;

/**
 * Reads a KAI Scheduler Queue ({@code scheduling.run.ai/v2}). Quotas and limits are float64 numbers
 * (GPUs in devices, cpu in millicores, memory in MB) where -1 means unlimited.
 */
public final class KaiQueueReader {

    private static final List<String> RESOURCES = List.of("gpu", "cpu", "memory");
    private static final BigDecimal UNLIMITED = BigDecimal.ONE.negate();
    /** Weights are held in thousandths in a long; no real weight comes near this. */
    private static final BigDecimal MAX_WEIGHT = BigDecimal.valueOf(Long.MAX_VALUE / 1000);
    /** KAI's units in Kubernetes milli-units: GPUs in devices, cpu in millicores, memory in MB (10^6 bytes). */
    private static final java.util.Map<String, BigDecimal> MILLI_PER_UNIT = java.util.Map.of(
            "gpu", BigDecimal.valueOf(1000), "cpu", BigDecimal.ONE, "memory", BigDecimal.valueOf(1_000_000_000L));
    private static final java.util.Map<String, String> KUBERNETES_NAME = java.util.Map.of(
            "gpu", "nvidia.com/gpu", "cpu", "cpu", "memory", "memory");

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
        int priority = spec.get("priority").int32().orElse(KaiQueueSpec.DEFAULT_PRIORITY);
        Optional<Long> preemptMinRuntime = spec.get("preemptMinRuntime").nonNegativeDuration().map(java.time.Duration::toMillis);
        Optional<Long> reclaimMinRuntime = spec.get("reclaimMinRuntime").nonNegativeDuration().map(java.time.Duration::toMillis);
        Field resources = spec.get("resources");
        List<KaiQueueSpec.Share> shares = new java.util.ArrayList<>();
        if (resources.requireObject()) {
            resources.rejectUnknownFields(RESOURCES);
            for (String r : RESOURCES) {
                resource(resources.get(r), r).ifPresent(shares::add);
            }
        }
        KaiQueueSpec queue = new KaiQueueSpec(object.meta().name(), parent, priority, shares, preemptMinRuntime,
                reclaimMinRuntime);
        return new KaiQueueDeclaration(queue, parent.map(p -> new Reference(p, parentField)),
                object.root().get("metadata").get("name"));
    }

    /** A resource of the queue in Kubernetes units; unset quota = 0, unset limit = unlimited, unset weight = 1. */
    private static Optional<KaiQueueSpec.Share> resource(Field f, String kaiName) {
        if (!f.isPresent()) {
            return Optional.empty();
        }
        if (!f.requireObject()) {
            return Optional.empty();
        }
        f.rejectUnknownFields(List.of("quota", "limit", "overQuotaWeight"));
        Optional<BigDecimal> quota = unlimitedOrNonNegative(f.get("quota"));
        Optional<BigDecimal> limit = unlimitedOrNonNegative(f.get("limit"));
        Field weight = f.get("overQuotaWeight");
        weight.number().filter(w -> w.signum() < 0)
                .ifPresent(w -> weight.error("must not be negative, got " + w.toPlainString()));
        weight.number().filter(w -> w.compareTo(MAX_WEIGHT) > 0)
                .ifPresent(w -> weight.error(w + " is too large (at most " + MAX_WEIGHT.toPlainString() + ")"));
        BigDecimal perUnit = MILLI_PER_UNIT.get(kaiName);
        Optional<Quantity> q = quota.isEmpty() ? Optional.of(Quantity.ZERO) : inMilli(f.get("quota"), quota.get(), perUnit);
        Optional<Quantity> l = limit.isEmpty() ? Optional.empty() : inMilli(f.get("limit"), limit.get(), perUnit);
        long w = weight.number().filter(x -> x.signum() >= 0 && x.compareTo(MAX_WEIGHT) <= 0)
                .map(x -> x.movePointRight(3).setScale(0, java.math.RoundingMode.HALF_UP).longValueExact()).orElse(1000L);
        return Optional.of(new KaiQueueSpec.Share(KUBERNETES_NAME.get(kaiName), q, l, w));
    }

    /** -1 (unlimited) is empty; other values in milli-units, rounded up, and refused beyond the quantity bound. */
    private static Optional<Quantity> inMilli(Field f, BigDecimal value, BigDecimal perUnit) {
        if (value.compareTo(UNLIMITED) == 0) {
            return Optional.empty();
        }
        // compared before rounding: 1e1000000000 must not be expanded to its digits
        BigDecimal milli = value.multiply(perUnit);
        if (milli.compareTo(BigDecimal.valueOf(Quantity.MAX_MILLI)) > 0) {
            f.error(value + " is too large: Muster holds at most " + Quantity.BOUND);
            return Optional.of(Quantity.ZERO);
        }
        return Optional.of(Quantity.ofMilli(milli.setScale(0, java.math.RoundingMode.CEILING).longValueExact()));
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
