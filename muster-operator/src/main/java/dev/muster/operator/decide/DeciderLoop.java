package dev.muster.operator.decide;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The decider's one thread and its inbox. Informers post what they see; a step runs everything
 * posted so far, in order, then one cycle. The thread only waits for the next step: until
 * something is posted or the engine's next wakeup comes (by the decider's clock), and at least
 * {@link CycleGap} after the previous cycle. Tests step it themselves instead.
 */
final class DeciderLoop implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DeciderLoop.class);

    private final LinkedBlockingQueue<Runnable> inbox = new LinkedBlockingQueue<>();
    private final Clock clock;
    private final Supplier<OptionalLong> nextWakeupMillis;
    private final Runnable cycle;
    private final CycleGap gap;
    private Thread thread;
    private volatile boolean running;

    /**
     * @param nextWakeupMillis when the engine has something to do at a time of its own (a backoff or
     *                         a pods-ready timeout ends), by {@code clock}; empty when nothing
     * @param cycle            one cycle, run after what was posted
     */
    DeciderLoop(Clock clock, Supplier<OptionalLong> nextWakeupMillis, Runnable cycle, CycleGap gap) {
        this.clock = clock;
        this.nextWakeupMillis = nextWakeupMillis;
        this.cycle = cycle;
        this.gap = gap;
    }

    /** Posts a message, run on the decider's thread at its next step. */
    void post(Runnable message) {
        inbox.add(message);
    }

    synchronized void start() {
        if (thread != null) {
            return;
        }
        running = true;
        thread = new Thread(this::drive, "muster-decider");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public synchronized void close() {
        running = false;
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** Runs what the inbox holds, in order, then one cycle. */
    void step() {
        step(null);
    }

    /** Milliseconds until the engine's next wakeup by the clock, 0 when it is due, Long.MAX_VALUE when none. */
    long untilWakeupMillis() {
        OptionalLong at = nextWakeupMillis.get();
        return at.isEmpty() ? Long.MAX_VALUE : Math.max(0, at.getAsLong() - clock.millis());
    }

    private void step(Runnable first) {
        List<Runnable> batch = new ArrayList<>();
        if (first != null) {
            batch.add(first);
        }
        inbox.drainTo(batch);
        batch.forEach(Runnable::run);
        cycle.run();
        gap.cycled();
    }

    private void drive() {
        while (running) {
            try {
                Runnable first = awaitWork();
                gap.awaitNext();
                step(first);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                LOG.error("decider cycle failed; the next change tries again", e);
            }
        }
    }

    /** The first message posted, or null when the engine's wakeup came first. */
    private Runnable awaitWork() throws InterruptedException {
        long untilWakeup = untilWakeupMillis();
        return untilWakeup == Long.MAX_VALUE ? inbox.take() : inbox.poll(untilWakeup, TimeUnit.MILLISECONDS);
    }
}
