package dev.muster.operator.write;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that send the lanes' writes, taking first the writes of lanes that hold a start, a
 * stop or a binding.
 *
 * <p>Why: when a thousand Jobs arrive at once, each brings a Workload to create and a Pending
 * status to write. Sent in the order they became ready, the writes that admit a workload (its
 * admission status, then its job's start) waited behind all of those, seconds on a busy API
 * server, while quota freed by a finished job stood idle. Kueue's scheduler sends each admission
 * from a goroutine of its own (scheduler.go, {@code admissionRoutineWrapper.Run}), so its
 * admissions never queue behind the Pending statuses it patches in its loop
 * ({@code requeueAndUpdate}); here the writes that change what runs go first, and the ones that
 * only report (Pending statuses, queue statuses, annotations) take the room left.
 *
 * <p>Order within a lane is the lanes' business: a lane has at most one write ready here at a time.
 * When a lane becomes urgent (a start, stop or binding is submitted to it), the write it already
 * has waiting here is promoted, since the urgent one can only go after it.
 */
final class WriterThreads {

    /** A ready write; queued once, or twice when promoted (then the routine copy is skipped). */
    private static final class Ready {
        final Object lane;
        final Runnable write;
        boolean promoted;

        Ready(Object lane, Runnable write) {
            this.lane = lane;
            this.write = write;
        }
    }

    private final ArrayDeque<Ready> urgent = new ArrayDeque<>();
    private final ArrayDeque<Ready> routine = new ArrayDeque<>();
    /** Lanes with urgent writes submitted and not done, and how many. */
    private final Map<Object, Integer> urgentLanes = new HashMap<>();
    /** The routine write each lane has waiting here, so that it can be promoted. */
    private final Map<Object, Ready> routineOfLane = new HashMap<>();
    private final AtomicInteger promotions = new AtomicInteger();
    private int running;
    private boolean closed;

    WriterThreads(int threads, String namePrefix) {
        for (int i = 1; i <= threads; i++) {
            Thread t = new Thread(this::work, namePrefix + i);
            t.setDaemon(true);
            t.start();
            running++;
        }
    }

    /** A lane's write is ready to go. After {@link #close()} it runs at once on the caller's thread. */
    void execute(Object lane, Runnable write) {
        synchronized (this) {
            if (!closed || running > 0) {
                Ready r = new Ready(lane, write);
                if (urgentLanes.containsKey(lane)) {
                    urgent.add(r);
                } else {
                    routine.add(r);
                    routineOfLane.put(lane, r);
                }
                notify();
                return;
            }
        }
        write.run(); // closed and drained: the write sees the lanes closed and fails at once
    }

    /** An urgent write was submitted to the lane; until {@link #urgentDone}, the lane's writes go first. */
    synchronized void urgent(Object lane) {
        urgentLanes.merge(lane, 1, Integer::sum);
        Ready waiting = routineOfLane.remove(lane);
        if (waiting != null) {
            waiting.promoted = true;
            urgent.add(new Ready(lane, waiting.write));
            promotions.incrementAndGet();
            notify();
        }
    }

    /** One urgent write of the lane is done (sent, failed or withdrawn). */
    synchronized void urgentDone(Object lane) {
        urgentLanes.computeIfPresent(lane, (l, n) -> n == 1 ? null : n - 1);
    }

    /** Routine writes taken ahead of their turn because an urgent write came behind them, since the start. */
    int promotions() {
        return promotions.get();
    }

    /** No more waiting: the threads send (that is, fail) what is queued, then end. */
    synchronized void close() {
        closed = true;
        notifyAll();
    }

    private void work() {
        while (true) {
            Runnable next = take();
            if (next == null) {
                return;
            }
            next.run();
        }
    }

    private synchronized Runnable take() {
        while (true) {
            Ready r = urgent.poll();
            if (r == null) {
                r = routine.poll();
                if (r != null) {
                    if (r.promoted) {
                        continue; // its copy went (or goes) with the urgent ones
                    }
                    routineOfLane.remove(r.lane, r);
                }
            }
            if (r != null) {
                return r.write;
            }
            if (closed) {
                running--;
                return null;
            }
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running--;
                return null;
            }
        }
    }
}
