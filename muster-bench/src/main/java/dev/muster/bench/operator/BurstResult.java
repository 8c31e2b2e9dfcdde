package dev.muster.bench.operator;

import java.util.Arrays;
import java.util.List;

/**
 * What one burst measured. Times are nanoseconds of wall-clock time since the first Job create was
 * sent; -1 where the event never happened.
 *
 * @param layout         the burst
 * @param admittedInTime every Job the burst can admit was admitted before the timeout
 * @param lastCreateNanos when the last create returned
 * @param unsuspendedAt  per Job, when it was first seen unsuspended
 * @param boundAt        per Job, when its pod was first seen bound (GPU nodes only)
 * @param suspendedAgain Jobs seen suspended after running (evictions: none expected)
 * @param podCreateFailures pods the Job controller stand-in could not create
 * @param requests       what the mock API server served from the first create to the end, by kind
 * @param decider        the deciding thread meanwhile
 * @param deciderCycles  scheduling cycles meanwhile
 * @param processCpuNanos CPU time of the whole JVM meanwhile
 * @param threadCpu      CPU time by thread group, most first
 * @param measuredNanos  the wall time the requests, CPU and decider figures cover
 * @param audit          the end state, checked
 */
record BurstResult(BurstLayout layout, boolean admittedInTime, long lastCreateNanos, long[] unsuspendedAt, long[] boundAt,
        int suspendedAgain, int podCreateFailures, List<CountingDispatcher.Count> requests,
        DeciderThreadWatch.Figures decider, long deciderCycles, long processCpuNanos,
        List<OperatorPerfResult.ThreadCpu> threadCpu, long gcCount, long gcMillis, long measuredNanos, BurstAudit audit) {

    /** When each Job counts as admitted: its pod bound on GPU nodes, else its Job unsuspended. */
    long[] admittedAt() {
        return layout.gpus() ? boundAt : unsuspendedAt;
    }

    int admitted() {
        return (int) Arrays.stream(admittedAt()).filter(t -> t >= 0).count();
    }

    static int count(long[] times) {
        return (int) Arrays.stream(times).filter(t -> t >= 0).count();
    }

    static long first(long[] times) {
        return Arrays.stream(times).filter(t -> t >= 0).min().orElse(-1);
    }

    static long last(long[] times) {
        return Arrays.stream(times).filter(t -> t >= 0).max().orElse(-1);
    }

    /** Admissions per second from the first create to the last admission. */
    double admissionsPerSecond() {
        long last = last(admittedAt());
        return last <= 0 ? 0 : admitted() * 1e9 / last;
    }

    /** The most admissions within one second. */
    int peakAdmissionsPerSecond() {
        long[] t = Arrays.stream(admittedAt()).filter(x -> x >= 0).sorted().toArray();
        int peak = 0;
        for (int i = 0, j = 0; i < t.length; i++) {
            while (t[i] - t[j] >= 1_000_000_000L) {
                j++;
            }
            peak = Math.max(peak, i - j + 1);
        }
        return peak;
    }

    long totalRequests() {
        return requests.stream().mapToLong(CountingDispatcher.Count::count).sum();
    }

    /** Requests the benchmark itself sends (the Job creates, and the Job controller stand-in's pod creates). */
    static boolean benchmarksOwn(CountingDispatcher.Count c) {
        return c.request().equals("POST jobs") || c.request().equals("POST pods");
    }

    long operatorRequests() {
        return requests.stream().filter(c -> !benchmarksOwn(c)).mapToLong(CountingDispatcher.Count::count).sum();
    }

    boolean passed() {
        return admittedInTime && admitted() == layout.admissible() && audit.violationCount() == 0 && suspendedAgain == 0
                && podCreateFailures == 0;
    }
}
