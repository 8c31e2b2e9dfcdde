package dev.muster.api.scenario;

import dev.muster.api.manifest.Field;
import dev.muster.api.scenario.KueueSettings.PreemptionStrategy;
import dev.muster.api.scenario.WaitForPodsReady.RequeuingStrategy;
import dev.muster.api.scenario.WaitForPodsReady.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads Kueue's manager {@code Configuration} into the settings Muster acts on. The file users bring
 * has many other keys (webhook, metrics, controller, integrations, ...); those are Kueue's process
 * settings and are accepted without a look. The sections Muster reads are checked field by field.
 */
final class ConfigurationReader {

    private static final String LESS_OR_EQUAL_FINAL = "LessThanOrEqualToFinalShare";
    private static final String LESS_INITIAL = "LessThanInitialShare";

    private ConfigurationReader() {
    }

    static KueueSettings read(Field root) {
        boolean manageWithoutQueueName = root.get("manageJobsWithoutQueueName").bool(false);

        boolean fairSharing = false;
        List<PreemptionStrategy> strategies = KueueSettings.DEFAULT_PREEMPTION_STRATEGIES;
        Field fs = root.get("fairSharing");
        if (fs.requireObject()) {
            fs.rejectUnknownFields(List.of("enable", "preemptionStrategies"));
            fairSharing = fs.get("enable").bool(false);
            Field list = fs.get("preemptionStrategies");
            if (list.isPresent()) {
                strategies = strategies(list);
            }
        }
        return new KueueSettings(fairSharing, manageWithoutQueueName, waitForPodsReady(root.get("waitForPodsReady")),
                strategies, featureGates(root.get("featureGates")));
    }

    /** {@code featureGates}: a map of gate names to booleans; Muster honours the two that decide admission. */
    private static KueueSettings.FeatureGates featureGates(Field gates) {
        if (!gates.requireObject()) {
            return KueueSettings.FeatureGates.DEFAULTS;
        }
        return new KueueSettings.FeatureGates(gates.get("PartialAdmission").bool(true),
                gates.get("PrioritySortingWithinCohort").bool(true));
    }

    private static List<PreemptionStrategy> strategies(Field list) {
        List<PreemptionStrategy> out = new ArrayList<>();
        for (Field item : list.items()) {
            item.oneOf(LESS_OR_EQUAL_FINAL, LESS_INITIAL).ifPresent(s -> {
                PreemptionStrategy p = s.equals(LESS_OR_EQUAL_FINAL)
                        ? PreemptionStrategy.LESS_THAN_OR_EQUAL_TO_FINAL_SHARE
                        : PreemptionStrategy.LESS_THAN_INITIAL_SHARE;
                if (out.contains(p)) {
                    item.error("\"" + s + "\" is listed twice");
                } else {
                    out.add(p);
                }
            });
        }
        return out;
    }

    private static WaitForPodsReady waitForPodsReady(Field w) {
        if (!w.requireObject()) {
            return WaitForPodsReady.DISABLED;
        }
        w.rejectUnknownFields(List.of("enable", "timeout", "blockAdmission", "requeuingStrategy", "recoveryTimeout"));
        boolean enable = w.get("enable").bool(false);
        Field timeoutField = w.get("timeout");
        Duration timeout = timeoutField.duration().orElse(WaitForPodsReady.DEFAULT_TIMEOUT);
        if (!timeout.isPositive()) {
            timeoutField.error("must be more than 0");
        }
        // Kueue blocks admission by default only when the feature is enabled.
        boolean blockAdmission = w.get("blockAdmission").bool(enable);
        Optional<Duration> recovery = w.get("recoveryTimeout").nonNegativeDuration();
        return new WaitForPodsReady(enable, timeout, blockAdmission, recovery, requeuing(w.get("requeuingStrategy")));
    }

    private static RequeuingStrategy requeuing(Field r) {
        if (!r.requireObject()) {
            return RequeuingStrategy.DEFAULT;
        }
        r.rejectUnknownFields(List.of("timestamp", "backoffLimitCount", "backoffBaseSeconds", "backoffMaxSeconds"));
        Timestamp timestamp = r.get("timestamp").oneOf("Eviction", "Creation")
                .map(s -> s.equals("Creation") ? Timestamp.CREATION : Timestamp.EVICTION)
                .orElse(Timestamp.EVICTION);
        Optional<Integer> limit = nonNegative(r.get("backoffLimitCount"));
        int base = nonNegative(r.get("backoffBaseSeconds")).orElse(RequeuingStrategy.DEFAULT.backoffBaseSeconds());
        int max = nonNegative(r.get("backoffMaxSeconds")).orElse(RequeuingStrategy.DEFAULT.backoffMaxSeconds());
        return new RequeuingStrategy(timestamp, limit, base, max);
    }

    private static Optional<Integer> nonNegative(Field f) {
        Optional<Integer> v = f.int32();
        if (v.isPresent() && v.get() < 0) {
            f.error("must not be negative, got " + v.get());
            return Optional.empty();
        }
        return v;
    }
}
