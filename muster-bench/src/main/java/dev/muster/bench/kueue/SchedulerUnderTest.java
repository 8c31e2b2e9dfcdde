package dev.muster.bench.kueue;

import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import java.util.List;
import java.util.OptionalLong;

/**
 * The engine calls the replay makes. {@link #of(Engine)} is the real thing; tests put a
 * scripted scheduler behind it to check how the driver carries out evictions, which the engine
 * does not return yet.
 */
public interface SchedulerUnderTest {

    void submit(Workload workload);

    /** The workload finished: its quota is released. */
    void remove(ObjectKey key);

    /** An evicted workload's pods are gone: its quota is released and it queues again. */
    void evicted(ObjectKey key);

    List<Decision> schedule(long nowMillis);

    /** When the scheduler wants to be called again with no event before (the engine's wakeups). */
    default OptionalLong nextWakeupMillis() {
        return OptionalLong.empty();
    }

    static SchedulerUnderTest of(Engine engine) {
        return new SchedulerUnderTest() {
            @Override
            public void submit(Workload workload) {
                engine.submit(workload);
            }

            @Override
            public void remove(ObjectKey key) {
                engine.remove(key);
            }

            @Override
            public void evicted(ObjectKey key) {
                engine.evicted(key);
            }

            @Override
            public List<Decision> schedule(long nowMillis) {
                return engine.schedule(nowMillis);
            }

            @Override
            public OptionalLong nextWakeupMillis() {
                return engine.nextWakeupMillis();
            }
        };
    }
}
