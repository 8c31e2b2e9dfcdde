package dev.muster.core.forecast;

import dev.muster.core.runtime.ExpectedRuntime;
import dev.muster.core.admission.Decision;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.Settling;
import dev.muster.core.model.CheckState;
import dev.muster.core.model.ObjectKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Runs an engine forward in virtual time from the present, with every workload holding quota
 * finishing at its expected time, and tells each waiting workload when it is admitted and why
 * then. It carries decisions out as the simulator does ({@link Settling}: evictions stop at once),
 * so where expected run times are the true ones and nothing else arrives, the forecast is what
 * happens (see {@link Forecast#ASSUMPTIONS} for where it simplifies).
 *
 * <p>The engine it is given is used up: adapters hand it a copy of the present (the simulator its
 * engine once the run stopped, the operator one rebuilt from what it observes).
 */
public final class Forecaster {

    /**
     * A workload holding quota now and when it is expected to end.
     *
     * @param endsAtMillis empty when its run time is unknown: it holds its quota to the end of the forecast
     */
    public record Running(ObjectKey workload, OptionalLong endsAtMillis, ExpectedRuntime expected) {
    }

    /** The expected run time of a workload the forecast admits: one that waits now, or one requeued in it. */
    @FunctionalInterface
    public interface Runtimes {
        ExpectedRuntime of(ObjectKey workload);
    }

    /** Instants the forecast goes through at most, per workload it knows: only a policy defect gets near. */
    static final int STEPS_PER_WORKLOAD = 8;

    private final Engine engine;
    private final Runtimes runtimes;
    private final boolean podsReadyWatched;
    /** Expected ends, by instant, with what each ending workload was expected to run. */
    private final TreeMap<Long, TreeMap<ObjectKey, ExpectedRuntime>> ends = new TreeMap<>();
    private final Map<ObjectKey, Long> endOf = new HashMap<>();
    private final Map<ObjectKey, Forecast.Expectation> found = new LinkedHashMap<>();
    private final java.util.Set<ObjectKey> waiting;
    /** Why a cycle at the current instant may admit: the basis given to what it admits. */
    private String trigger;

    private Forecaster(Engine engine, Collection<ObjectKey> waiting, Runtimes runtimes) {
        this.engine = engine;
        this.runtimes = runtimes;
        this.waiting = new TreeSet<>(waiting);
        this.podsReadyWatched = engine.settings().podsReady().enabled();
    }

    /**
     * The forecast from {@code nowMillis} for the {@code waiting} workloads.
     *
     * @param engine  the present, to be used up
     * @param running every workload holding quota now (one left out is taken to run until further notice)
     */
    public static Forecast run(Engine engine, long nowMillis, Collection<ObjectKey> waiting, List<Running> running,
            Runtimes runtimes) {
        return new Forecaster(engine, waiting, runtimes).forward(nowMillis, running);
    }

    private Forecast forward(long nowMillis, List<Running> running) {
        for (Running r : running) {
            r.endsAtMillis().ifPresent(at -> endAt(r.workload(), Math.max(at, nowMillis), r.expected()));
        }
        long now = nowMillis;
        trigger = "at once: it fits now";
        long steps = (long) STEPS_PER_WORKLOAD * (waiting.size() + running.size()) + 100;
        try {
            settle(now);
            while (found.size() < waiting.size() && steps-- > 0) {
                OptionalLong next = next(now);
                if (next.isEmpty()) {
                    break;
                }
                now = next.getAsLong();
                trigger = finishAt(now);
                settle(now);
            }
        } catch (Settling.NotSettledException e) {
            // The present does not settle: what was found so far stands, the rest is not forecast.
        }
        Map<ObjectKey, Forecast.Expectation> out = new TreeMap<>();
        String notWithin = null; // the same for every workload the forecast does not admit: worded once
        for (ObjectKey key : waiting) {
            Forecast.Expectation e = found.get(key);
            if (e == null) {
                notWithin = notWithin != null ? notWithin : notWithin();
                e = new Forecast.Expectation(key, OptionalLong.empty(), notWithin);
            }
            out.put(key, e);
        }
        return new Forecast(nowMillis, out, Forecast.ASSUMPTIONS);
    }

    /** The next instant something happens: an expected end or a timer of the engine (backoff, minimum run time). */
    private OptionalLong next(long now) {
        long at = ends.isEmpty() ? Long.MAX_VALUE : ends.firstKey();
        OptionalLong timer = engine.nextWakeupMillis();
        if (timer.isPresent() && timer.getAsLong() > now) {
            at = Math.min(at, timer.getAsLong());
        }
        return at == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(at);
    }

    /** Ends the workloads expected to finish at {@code now}; returns what to say of what this lets in. */
    private String finishAt(long now) {
        TreeMap<ObjectKey, ExpectedRuntime> ending = !ends.isEmpty() && ends.firstKey() == now
                ? ends.pollFirstEntry().getValue() : null;
        if (ending == null) {
            return "when a timer of the engine ends (a requeue backoff or a minimum run time)";
        }
        ending.keySet().forEach(key -> {
            endOf.remove(key);
            engine.remove(key);
        });
        var first = ending.firstEntry();
        String who = first.getKey() + (ending.size() == 1 ? " finishes" : " and " + (ending.size() - 1)
                + (ending.size() == 2 ? " other finish" : " others finish"));
        return "when " + who + " (expected to run " + first.getValue().describe() + ")";
    }

    private void settle(long now) {
        Settling.settle(engine, now, decisions -> carryOut(decisions, now));
    }

    private List<ObjectKey> carryOut(List<Decision> decisions, long now) {
        List<ObjectKey> stopped = new ArrayList<>();
        for (Decision d : decisions) {
            switch (d) {
                case Decision.Admit a -> started(a.workload(), now);
                case Decision.ReserveQuota r ->
                    r.checks().forEach(check -> engine.updateCheck(r.workload(), check, CheckState.READY, "", 0));
                case Decision.Evict e -> {
                    Long at = endOf.remove(e.workload());
                    if (at != null) {
                        ends.get(at).remove(e.workload());
                        if (ends.get(at).isEmpty()) {
                            ends.remove(at);
                        }
                    }
                    stopped.add(e.workload());
                }
                case Decision.Resize r -> {
                }
                case Decision.Wait w -> {
                }
            }
        }
        return stopped;
    }

    private void started(ObjectKey key, long now) {
        if (waiting.contains(key) && !found.containsKey(key)) {
            found.put(key, new Forecast.Expectation(key, OptionalLong.of(now), trigger));
        }
        if (podsReadyWatched) {
            engine.podsReady(key);
        }
        ExpectedRuntime expected = runtimes.of(key);
        if (expected.isKnown()) {
            endAt(key, now + expected.millis().getAsLong(), expected);
        }
    }

    private void endAt(ObjectKey key, long at, ExpectedRuntime expected) {
        endOf.put(key, at);
        ends.computeIfAbsent(at, t -> new TreeMap<>()).put(key, expected);
    }

    /**
     * Why a waiting workload is not admitted within the forecast: it waits behind workloads whose run
     * time is unknown (they hold their quota to its end, so say which), or not even when all else ended.
     */
    private String notWithin() {
        List<ObjectKey> forever = engine.admittedWorkloads().stream().map(a -> a.workload().key())
                .filter(k -> !endOf.containsKey(k)).sorted().toList();
        if (forever.isEmpty()) {
            return "not within the forecast: it does not fit even once every running workload has finished";
        }
        String names = String.join(", ", forever.stream().limit(3).map(ObjectKey::toString).toList())
                + (forever.size() > 3 ? " and " + (forever.size() - 3) + " more" : "");
        return "not within the forecast: " + forever.size() + (forever.size() == 1 ? " workload holds" : " workloads hold")
                + " quota for an unknown time (" + names
                + "; a muster.dev/expected-runtime annotation or an activeDeadlineSeconds on them tells the forecast)";
    }
}
