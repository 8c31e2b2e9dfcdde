package dev.muster.bench.backfill;

/**
 * A queueing policy the study compares: Kueue's two strategies of a ClusterQueue, and Muster's
 * reservation and backfill (issue 21) on top of BestEffortFIFO, switched on by Muster's
 * Configuration in the scenario directory.
 */
public enum QueuePolicy {
    BEST_EFFORT_FIFO("BestEffortFIFO", "BestEffortFIFO", false),
    STRICT_FIFO("StrictFIFO", "StrictFIFO", false),
    BACKFILL("backfill", "BestEffortFIFO", true),
    /** Backfill with {@code preemptOverstaying}: a job that broke its promise to end before a reservation is preempted. */
    BACKFILL_PREEMPTING("backfill+preempt", "BestEffortFIFO", true);

    private final String label;
    private final String queueingStrategy;
    private final boolean backfill;

    QueuePolicy(String label, String queueingStrategy, boolean backfill) {
        this.label = label;
        this.queueingStrategy = queueingStrategy;
        this.backfill = backfill;
    }

    public String label() {
        return label;
    }

    /** The ClusterQueue's {@code spec.queueingStrategy}. */
    public String queueingStrategy() {
        return queueingStrategy;
    }

    /** Whether Muster's Configuration asks for reservation and backfill. */
    public boolean backfill() {
        return backfill;
    }

    /** For directory names: lower case, no capitals to trip a case-insensitive file system. */
    public String directoryName() {
        return switch (this) {
            case BEST_EFFORT_FIFO -> "besteffortfifo";
            case STRICT_FIFO -> "strictfifo";
            case BACKFILL -> "backfill";
            case BACKFILL_PREEMPTING -> "backfill-preempt";
        };
    }
}
