package dev.muster.api.scenario;

import java.time.Duration;

/**
 * The settings only Muster has, from its own {@code Configuration} kind
 * ({@code config.muster.dev/v1alpha1}), which sits beside Kueue's:
 *
 * <pre>
 * apiVersion: config.muster.dev/v1alpha1
 * kind: Configuration
 * kai:
 *   staleGangGracePeriod: 60s   # KAI's --default-staleness-grace-period; negative: never evict
 * </pre>
 *
 * @param staleGangGracePeriod how long a gang in a KAI queue may run below its minimum before it
 *                             is evicted whole; negative = never
 */
public record MusterSettings(Duration staleGangGracePeriod) {

    public static final String API_VERSION = "config.muster.dev/v1alpha1";
    public static final MusterSettings DEFAULTS = new MusterSettings(Duration.ofSeconds(60));
}
