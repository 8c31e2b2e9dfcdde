package dev.muster.cli.fuzz;

/** What names a mutant and makes it again: its source scenario, the run's seed and its index in the run. */
record MutantId(String source, long seed, int index) {

    /** The command that runs this mutant alone. */
    String reproduce() {
        return "./mvnw -o test -pl muster-cli -am -Dtest=InputFuzzTest -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dfuzz.source=" + source + " -Dfuzz.seed=" + seed + " -Dfuzz.index=" + index;
    }

    @Override
    public String toString() {
        return source + " seed " + seed + " #" + index;
    }
}
