package dev.muster.bench.jmh;

import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One scheduling cycle over a large backlog: by default 10,000 pending workloads in 1,000
 * ClusterQueues (100 cohorts × 10), nothing admitted yet (see {@link PendingBacklog}). Each
 * invocation measures one {@code Engine.schedule(now)} from the same fresh state.
 *
 * <p>The state is rebuilt before every invocation ({@link Level#Invocation}): a cycle admits, so a
 * second cycle on the same engine would measure a different, nearly empty problem, and the engine
 * has no cheaper reset. JMH warns about per-invocation fixtures for benchmarks of microseconds
 * (timer and setup overhead distort them); a cycle here takes milliseconds, where that overhead is
 * negligible. The rebuild itself (engine construction and 10,000 submits) is not measured.
 *
 * <p>Warm-up is 6 × 1 s: each invocation needs a rebuild of about 50 ms, so a second holds only a
 * handful of cycles, and on a 2-core machine the JIT needs about 4 s of them to settle (with 3 × 1 s
 * the first measured iterations were still twice as slow as the later ones).
 *
 * <pre>
 * java -jar muster-bench/target/benchmarks.jar SchedulingCycleBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 6, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 2, timeUnit = TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SchedulingCycleBenchmark {

    @Param("100")
    public int cohorts;

    @Param("10")
    public int queuesPerCohort;

    @Param("10")
    public int pendingPerQueue;

    /** false: every ClusterQueue gets preemption Never ({@code -p preemption=true,false} compares both). */
    @Param("true")
    public boolean preemption;

    private PendingBacklog backlog;
    private Engine engine;

    @Setup(Level.Trial)
    public void buildBacklog() {
        backlog = new PendingBacklog(cohorts, queuesPerCohort, pendingPerQueue, 42, preemption);
    }

    @Setup(Level.Invocation)
    public void freshEngine() {
        engine = backlog.newEngine();
    }

    @Benchmark
    public List<Decision> oneCycle() {
        return engine.schedule(PendingBacklog.NOW_MILLIS);
    }
}
