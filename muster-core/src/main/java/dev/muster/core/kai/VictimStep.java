package dev.muster.core.kai;

/**
 * One step of a KAI victim search: one replica beyond a gang's minimum ({@code podSet >= 0}), or
 * what is left of the gang; {@code before} is the gang's counts before the step, {@code order} its
 * place in the search.
 */
record VictimStep(VictimGang gang, int podSet, long[] freed, int[] before, int order) {
}
