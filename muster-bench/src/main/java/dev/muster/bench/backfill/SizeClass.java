package dev.muster.bench.backfill;

/** The gang sizes the study reports on, by GPUs asked for. */
public enum SizeClass {
    ONE("1", 1, 1),
    TWO_TO_FOUR("2-4", 2, 4),
    FIVE_TO_EIGHT("5-8", 5, 8),
    NINE_TO_SIXTEEN("9-16", 9, 16),
    SEVENTEEN_TO_THIRTY_TWO("17-32", 17, 32),
    THIRTY_THREE_TO_SIXTY_FOUR("33-64", 33, 64);

    private final String label;
    private final int minGpus;
    private final int maxGpus;

    SizeClass(String label, int minGpus, int maxGpus) {
        this.label = label;
        this.minGpus = minGpus;
        this.maxGpus = maxGpus;
    }

    public String label() {
        return label;
    }

    /** The class of the largest gang among {@code jobs}. */
    public static SizeClass largestOf(java.util.List<StudyJob> jobs) {
        return of(jobs.stream().mapToInt(StudyJob::gpus).max()
                .orElseThrow(() -> new IllegalArgumentException("no jobs")));
    }

    /** The classes that hold at least one of {@code jobs}, smallest first. */
    public static java.util.List<SizeClass> presentIn(java.util.List<StudyJob> jobs) {
        java.util.Set<SizeClass> present = java.util.EnumSet.noneOf(SizeClass.class);
        jobs.forEach(j -> present.add(of(j.gpus())));
        return java.util.List.copyOf(present);
    }

    public static SizeClass of(int gpus) {
        for (SizeClass c : values()) {
            if (gpus >= c.minGpus && gpus <= c.maxGpus) {
                return c;
            }
        }
        throw new IllegalArgumentException("no size class for a gang of " + gpus + " GPUs (the study goes up to 64)");
    }
}
