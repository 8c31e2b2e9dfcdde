package dev.muster.operator.kube;

import dev.muster.core.model.ObjectKey;
import java.time.Clock;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends events off the decider's thread, correlated as kube's event recorder does
 * ({@link EventCorrelator}). Recording never waits: an event goes into a bounded queue (1,000, as
 * client-go's broadcaster) and is dropped when the queue is full, as client-go drops it; one thread
 * of its own correlates and writes them in the order recorded.
 */
public final class EventRecorder implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventRecorder.class);
    /** client-go's maxQueuedEvents. */
    public static final int QUEUE = 1000;

    private record Recorded(KubeKind kind, ObjectKey object, String uid, String type, String reason, String message,
            long atMillis) {
    }

    private final EventWriter writer;
    private final EventCorrelator correlator;
    private final Clock clock;
    private final BlockingQueue<Recorded> queue = new ArrayBlockingQueue<>(QUEUE);
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong handled = new AtomicLong();
    private final Thread thread;

    public EventRecorder(EventWriter writer, EventCorrelator.Settings settings, Clock clock) {
        this.writer = writer;
        this.correlator = new EventCorrelator(settings);
        this.clock = clock;
        this.thread = new Thread(this::drain, "muster-events");
        thread.setDaemon(true);
        thread.start();
    }

    /** Queues an event; drops it if the queue is full. */
    public void record(KubeKind kind, ObjectKey object, String uid, String type, String reason, String message) {
        if (queue.offer(new Recorded(kind, object, uid, type, reason, message, clock.millis()))) {
            accepted.incrementAndGet();
        } else {
            if (dropped.incrementAndGet() % 1000 == 1) {
                LOG.warn("the event queue is full: {} events dropped so far", dropped.get());
            }
        }
    }

    /** Events dropped because the queue was full. */
    public long dropped() {
        return dropped.get();
    }

    /** API writes made for events (creates and updates). */
    public long written() {
        return written.get();
    }

    /** Waits until the events queued so far are written, or the time is up; true if they are. */
    public boolean awaitIdle(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (handled.get() < accepted.get()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(1);
        }
        return true;
    }

    @Override
    public void close() {
        thread.interrupt();
    }

    private void drain() {
        while (!Thread.currentThread().isInterrupted()) {
            Recorded r;
            try {
                r = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            try {
                send(r);
            } catch (RuntimeException e) {
                LOG.warn("could not record event {} on {} {}: {}", r.reason(), r.kind().kind(), r.object(), e.toString());
            } finally {
                handled.incrementAndGet();
            }
        }
    }

    private void send(Recorded r) {
        switch (correlator.correlate(r.kind(), r.object(), r.uid(), r.type(), r.reason(), r.message(), r.atMillis())) {
            case EventCorrelator.Outcome.Create c -> {
                written.incrementAndGet();
                writer.create(c.event());
            }
            case EventCorrelator.Outcome.Update u -> {
                written.incrementAndGet();
                if (!writer.update(u.event())) {
                    written.incrementAndGet();
                    writer.create(u.event()); // gone meanwhile (events expire): written again, with its count
                }
            }
            case EventCorrelator.Outcome.Skip s -> {
                // the spam filter's: dropped, as client-go drops it
            }
        }
    }
}
