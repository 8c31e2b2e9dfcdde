package dev.muster.bench.placement;

import dev.muster.core.placement.PlacementPolicy;
import dev.muster.core.placement.PlacementPolicy.Strategy;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The policies the benchmark compares: the FGD paper's baselines and FGD itself, reimplemented as
 * scorers over {@link SimNode} (their names are the published ones), and Muster's own placement
 * policies run through muster-core.
 */
public enum Policy {
    RANDOM("Random", null, false),
    DOT_PROD("DotProd", null, false),
    GPU_CLUSTERING("GpuClustering", null, false),
    GPU_PACKING("GpuPacking", null, false),
    BEST_FIT("BestFit", null, false),
    FGD("FGD", null, false),
    MUSTER_BINPACK("Muster-binpack", new PlacementPolicy(Strategy.BINPACK, Strategy.BINPACK, false), false),
    /** The default policy: fragmentation-aware, but without a workload profile it has only its simple rules. */
    MUSTER_BINPACK_FRAG("Muster-binpack-frag", PlacementPolicy.DEFAULT, false),
    /** The default policy given the pod list's workload profile, the input FGD gets. */
    MUSTER_FRAG_PROFILE("Muster-frag-profile", PlacementPolicy.DEFAULT, true),
    /**
     * {@code placement.gpu: fragmentation}: the workload learnt from the last 2,048 arrivals, as the
     * engine learns it (nothing handed over).
     */
    MUSTER_FRAG_RECENT("Muster-frag-recent",
            PlacementPolicy.fragmentation(Strategy.BINPACK, PlacementPolicy.DEFAULT_RECENT_PODS), false),
    MUSTER_SPREAD("Muster-spread", new PlacementPolicy(Strategy.SPREAD, Strategy.SPREAD, false), false);

    private final String label;
    private final PlacementPolicy muster;
    private final boolean usesWorkload;

    Policy(String label, PlacementPolicy muster, boolean usesWorkload) {
        this.label = label;
        this.muster = muster;
        this.usesWorkload = usesWorkload;
    }

    /** Whether Muster's policy is given the workload profile of the pod list (as FGD is given its typical pods). */
    public boolean usesWorkload() {
        return usesWorkload;
    }

    /** The name in the table and on the command line; for the baselines, the name in the published csv. */
    public String label() {
        return label;
    }

    /** Muster's placement policy, empty for the FGD paper's policies. */
    public Optional<PlacementPolicy> muster() {
        return Optional.ofNullable(muster);
    }

    public boolean isBaseline() {
        return muster == null;
    }

    public static List<Policy> all() {
        return Arrays.asList(values());
    }

    public static Policy parse(String text) {
        for (Policy p : values()) {
            if (p.label.equalsIgnoreCase(text) || p.name().equalsIgnoreCase(text.replace('-', '_'))) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown policy " + text + "; known: "
                + String.join(", ", all().stream().map(Policy::label).toList()));
    }
}
