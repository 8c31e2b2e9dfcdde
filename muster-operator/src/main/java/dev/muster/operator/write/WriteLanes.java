package dev.muster.operator.write;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the decider's writes to the API server concurrently, in lanes, keeping the order that
 * matters.
 *
 * <ul>
 *   <li><b>A lane per object.</b> Writes in one lane go out one after the other, in the order they
 *       were submitted; lanes run side by side on a few threads. The decider keys a job's writes
 *       (its Workload and its status, its start and stop, its pods' bindings) by the job, so a
 *       Workload's admission is recorded before its job starts, as Kueue does.</li>
 *   <li><b>Barriers across lanes.</b> A write that {@link Barrier#RELEASES releases} what pods hold
 *       (a job stopped, a pod deleted) holds back every later write that
 *       {@link Barrier#OCCUPIES occupies} (a job started, a pod bound) until it is done: a
 *       preemptor's job starts only after its victims were stopped. A release that must succeed
 *       before anything else starts (a stop that failed is sent again later) takes a {@link Hold},
 *       lifted once it succeeded or is no longer due.</li>
 *   <li><b>Withdrawal.</b> A write that has not started may be withdrawn ({@link Ticket}): a job
 *       evicted before its start went out is not started and then stopped.</li>
 *   <li><b>Coalescing.</b> {@link #latest} keeps one write per target waiting at the end of its
 *       lane: a newer status replaces one not yet sent, so a Pending status overwritten before it
 *       went out is never sent. Only at the end: a status with a write behind it (a Workload's
 *       admission before its job's start) is sent as it is, the newer one after that write.</li>
 *   <li><b>Urgent first.</b> With {@link #concurrent} lanes, a lane that holds a start, a stop or
 *       a binding has its writes sent before those of lanes that only report (a Workload created
 *       and its Pending status, queue statuses, annotations): see {@link WriterThreads}.</li>
 *   <li><b>Back-pressure.</b> At most {@code capacity} writes wait or run; the decider blocks on
 *       the next one until one is done. When the API server throttles (429, whose Retry-After the
 *       client honours before trying again) or slows down, the lanes fill and the decider slows to
 *       the pace the server takes. A writer whose write can wait asks {@link #crowded()} first and
 *       keeps it back while the lanes are crowded, so that the room left goes to writes that change
 *       what runs rather than the decider waiting behind reports.</li>
 * </ul>
 *
 * Writes are submitted from one thread (the decider's). A write that failed is told to its
 * {@code onFailure} on the {@code completions} executor (the decider's inbox), so that the thread
 * that owns the state marks it owed; one that succeeded is not told, as nothing waits for it (the
 * decider counts a write done when it submits it). {@link #inline()} runs each write at once on
 * the caller's thread, for tests that step the decider and look at the writes after each step.
 */
public final class WriteLanes implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WriteLanes.class);

    /** How a write is ordered against the writes of other lanes. */
    public enum Barrier {
        /** After the earlier writes of its own lane only. */
        NONE,
        /** Takes pods away (a job stopped, a pod deleted): later {@link #OCCUPIES} writes in any lane wait for it. */
        RELEASES,
        /** Lets pods run (a job started, a pod bound): waits for every {@link #RELEASES} write submitted before it. */
        OCCUPIES
    }

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final Executor executor;
    /** The threads of {@link #concurrent} lanes, which send urgent lanes' writes first; null otherwise. */
    private final WriterThreads threads;
    private final Executor completions;
    private final Semaphore room;
    /** {@link #crowded()} below this many free places. */
    private final int crowdedBelow;
    /** The last write submitted in each lane that is not done yet. */
    private final Map<Object, CompletableFuture<Boolean>> tails = new ConcurrentHashMap<>();
    private final Set<CompletableFuture<Boolean>> releasing = ConcurrentHashMap.newKeySet();
    /** Coalesced writes not sent yet, by target. */
    private final Map<Object, Latest<?>> waiting = new ConcurrentHashMap<>();
    private final AtomicInteger coalesced = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean closed;

    private WriteLanes(Executor executor, WriterThreads threads, Executor completions, int capacity) {
        this.executor = executor;
        this.threads = threads;
        this.completions = completions;
        this.room = new Semaphore(capacity);
        this.crowdedBelow = capacity == Integer.MAX_VALUE ? 0 : capacity / CROWDED_SHARE;
    }

    /** The lanes are crowded when less than this share (1 / n) of their room is free. */
    static final int CROWDED_SHARE = 4;

    /**
     * Lanes on {@code threads} threads of their own, with at most {@code capacity} writes waiting
     * or running.
     *
     * @param completions where outcomes are handed back: the decider's inbox
     */
    public static WriteLanes concurrent(int threads, int capacity, Executor completions) {
        int lanes = INSTANCES.incrementAndGet(); // a leader's lanes from another's (or a former term's), in thread names
        return new WriteLanes(null, new WriterThreads(threads, "muster-writer-" + lanes + "-"), completions, capacity);
    }

    /**
     * Lanes whose writes run on {@code executor}, which the caller drives: a test holds writes back
     * and lets them go one by one, to see what the decider does while they are on their way.
     */
    public static WriteLanes on(Executor executor, Executor completions) {
        return on(executor, completions, Integer.MAX_VALUE);
    }

    /** As {@link #on(Executor, Executor)}, with at most {@code capacity} writes waiting or running. */
    public static WriteLanes on(Executor executor, Executor completions, int capacity) {
        return new WriteLanes(executor, null, completions, capacity);
    }

    /** Every write at once on the caller's thread, its outcome handed back before {@code submit} returns. */
    public static WriteLanes inline() {
        return new WriteLanes(Runnable::run, null, Runnable::run, Integer.MAX_VALUE);
    }

    /** A write submitted, which may be withdrawn until it starts. */
    public interface Ticket {
        /** Withdraws the write if it has not started; true if it will not be sent. */
        boolean withdraw();
    }

    /** Holds back every {@link Barrier#OCCUPIES} write submitted after it until lifted. */
    public final class Hold {
        private final CompletableFuture<Boolean> lifted = new CompletableFuture<>();

        private Hold() {
            releasing.add(lifted);
            lifted.whenComplete((x, e) -> releasing.remove(lifted));
        }

        /** Lets the writes it held back go; from any thread, any number of times. */
        public void lift() {
            lifted.complete(true);
        }

        public boolean isLifted() {
            return lifted.isDone();
        }
    }

    /** A hold on later starts and bindings, until {@link Hold#lift()}. */
    public Hold hold() {
        return new Hold();
    }

    /**
     * Submits a write in a lane.
     *
     * @param write     sends it; false (or an exception) when it failed
     * @param onFailure run on the completions executor if it failed (or was dropped on close; not
     *                  if it was withdrawn)
     * @return a ticket to withdraw it while it has not started
     */
    public Ticket submit(Object lane, Barrier barrier, BooleanSupplier write, Runnable onFailure) {
        return submit(lane, barrier, write, null, onFailure);
    }

    /**
     * As {@link #submit(Object, Barrier, BooleanSupplier, Runnable)}; {@code onSuccess} runs on the
     * completions executor once the write succeeded (so the decider learns of it, and runs a cycle).
     */
    public Ticket submit(Object lane, Barrier barrier, BooleanSupplier write, Runnable onSuccess, Runnable onFailure) {
        Withdrawable w = new Withdrawable(write);
        enqueue(lane, null, barrier, w, onSuccess, onFailure);
        return w;
    }

    /**
     * Submits a write in a lane shared by several objects, after the earlier writes of its own
     * lane too: the ProvisioningRequests of all jobs go out in the order they were decided (the
     * autoscaler serves them in the order it sees them), each after its job's Workload exists.
     */
    public void submit(Object lane, Object alsoAfterLane, BooleanSupplier write, Runnable onFailure) {
        enqueue(lane, alsoAfterLane, Barrier.NONE, write, null, onFailure);
    }

    /** A write that runs unless withdrawn first; withdrawn, it counts as done. */
    private static final class Withdrawable implements BooleanSupplier, Ticket {
        private final BooleanSupplier write;
        private final java.util.concurrent.atomic.AtomicInteger state = new java.util.concurrent.atomic.AtomicInteger();

        Withdrawable(BooleanSupplier write) {
            this.write = write;
        }

        @Override
        public boolean withdraw() {
            return state.compareAndSet(0, 2);
        }

        @Override
        public boolean getAsBoolean() {
            return !state.compareAndSet(0, 1) || write.getAsBoolean();
        }
    }

    /**
     * Submits the newest value for a target (a status): if a write for the same target waits last
     * in its lane and has not started, it sends this value instead and no other write is queued.
     * A write for the target with others behind it keeps its value: they were decided on it.
     *
     * @param onFailure told the value that failed (the newest when the write started)
     */
    public <T> void latest(Object lane, Object target, T value, java.util.function.Predicate<T> write,
            Consumer<T> onFailure) {
        @SuppressWarnings("unchecked")
        Latest<T> queued = (Latest<T>) waiting.get(target);
        if (queued != null && queued.task == tails.get(lane) && queued.replace(value)) {
            coalesced.incrementAndGet();
            return;
        }
        Latest<T> next = new Latest<>(value);
        waiting.put(target, next);
        next.task = enqueue(lane, null, Barrier.NONE, () -> {
            T sent = next.take();
            waiting.remove(target, next);
            boolean ok = send(() -> write.test(sent));
            if (!ok) {
                completions.execute(() -> onFailure.accept(sent));
            }
            return true; // its failure told above, with the value
        }, null, () -> { });
    }

    /** Writes replaced by a newer one before they were sent, since the start. */
    public int coalesced() {
        return coalesced.get();
    }

    /** Writes sent before their turn because a start, stop or binding came behind them in their lane, since the start. */
    public int promoted() {
        return threads == null ? 0 : threads.promotions();
    }

    /**
     * Whether less than a quarter of the room is free. Writes that can wait (a waiting workload's
     * status, a finished one's) are then kept back by their writer and sent when room is free again.
     * Why: writes that change what runs go first ({@link WriterThreads}), so under a steady stream
     * of admissions the reports wait; had they taken the room, the decider would block on the next
     * report and stop admitting, as a {@code baseline} replay's last seconds showed (the decider
     * waited 9 of 14 s for room while the reports it was blocked on could not go).
     */
    public boolean crowded() {
        return room.availablePermits() < crowdedBelow;
    }

    /** Writes waiting or running now. */
    public int inFlight() {
        return inFlight.get();
    }

    /**
     * Waits until every write submitted so far is done, or the time is up; true if they are. For
     * tests and for an orderly shutdown.
     */
    public boolean awaitIdle(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (inFlight.get() > 0) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(1);
        }
        return true;
    }

    /**
     * No more writes go out: those waiting are dropped (told as not written), those running end.
     * A replica that lost its lease must not write what it decided as leader.
     */
    @Override
    public void close() {
        closed = true;
        if (threads != null) {
            threads.close();
        }
    }

    /** Queues a write; returns its future (null if it was refused: closed or interrupted). */
    private CompletableFuture<Boolean> enqueue(Object lane, Object alsoAfterLane, Barrier barrier, BooleanSupplier write,
            Runnable onSuccess, Runnable onFailure) {
        if (closed) {
            completions.execute(onFailure);
            return null;
        }
        try {
            room.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            completions.execute(onFailure);
            return null;
        }
        inFlight.incrementAndGet();
        CompletableFuture<Boolean> before = tails.get(lane);
        CompletableFuture<?> after = before == null ? CompletableFuture.completedFuture(true) : before;
        CompletableFuture<Boolean> other = alsoAfterLane == null ? null : tails.get(alsoAfterLane);
        if (other != null) {
            after = CompletableFuture.allOf(after, other);
        }
        if (barrier == Barrier.OCCUPIES && !releasing.isEmpty()) {
            CompletableFuture<?>[] all = releasing.toArray(CompletableFuture[]::new);
            after = CompletableFuture.allOf(after, CompletableFuture.allOf(all));
        }
        // Only the writer threads order lanes by urgency; a caller's executor runs writes as they come.
        boolean urgent = barrier != Barrier.NONE && threads != null;
        if (urgent) {
            threads.urgent(lane); // before the write can be ready: what its lane has waiting goes first now
        }
        CompletableFuture<Boolean> run;
        try {
            run = after.handleAsync((x, e) -> send(write), threads == null ? executor : w -> threads.execute(lane, w));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            if (urgent) {
                threads.urgentDone(lane);
            }
            room.release();
            inFlight.decrementAndGet();
            completions.execute(onFailure);
            return null;
        }
        // Registered before the clean-up below, which may run at once (a write already done).
        if (barrier == Barrier.RELEASES) {
            releasing.add(run);
        }
        tails.put(lane, run);
        run.whenComplete((ok, e) -> {
            if (urgent) {
                threads.urgentDone(lane);
            }
            tails.remove(lane, run);
            releasing.remove(run);
            room.release();
            inFlight.decrementAndGet();
            if (ok == null || !ok) {
                completions.execute(onFailure);
            } else if (onSuccess != null) {
                completions.execute(onSuccess);
            }
        });
        return run;
    }

    private boolean send(BooleanSupplier write) {
        if (closed) {
            return false;
        }
        try {
            return write.getAsBoolean();
        } catch (RuntimeException e) {
            LOG.warn("a write failed: {}", e.toString());
            return false;
        }
    }

    /** A coalesced write's value: replaced until the write takes it. */
    private static final class Latest<T> {
        private T value;
        private boolean taken;
        /** Its write in the lane: replaced only while it is the lane's last. */
        volatile CompletableFuture<Boolean> task;

        Latest(T value) {
            this.value = value;
        }

        synchronized boolean replace(T newer) {
            if (taken) {
                return false;
            }
            value = newer;
            return true;
        }

        synchronized T take() {
            taken = true;
            return value;
        }
    }
}
