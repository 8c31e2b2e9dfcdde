package dev.muster.bench.operator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The soak's timed faults, drawn once from a seed: the same seed and settings give the same
 * schedule (when, and what), whatever the run does. The 5 % of API calls faulted are drawn as the
 * calls arrive (see {@link SoakDispatcher}).
 */
final class FaultPlan {

    /** Something to do at a time after the start. */
    sealed interface Action permits KillLeader, DropWatches, WebhookDown, WebhookUp, DeleteWorkload {
        Duration at();
    }

    record KillLeader(Duration at) implements Action {
    }

    /** Close up to {@code count} of the leader's watches; with {@code gone} its next watch of each is answered 410. */
    record DropWatches(Duration at, int count, boolean gone) implements Action {
    }

    record WebhookDown(Duration at) implements Action {
    }

    record WebhookUp(Duration at) implements Action {
    }

    /** Delete one not-yet-finished Workload, the {@code pick}-th (modulo their number) by name. */
    record DeleteWorkload(Duration at, int pick) implements Action {
    }

    /** Between {@code min} and {@code max}, uniformly. */
    record Interval(Duration min, Duration max) {

        static Interval seconds(double min, double max) {
            return new Interval(Duration.ofMillis(Math.round(min * 1000)), Duration.ofMillis(Math.round(max * 1000)));
        }

        long drawMillis(Random random) {
            long lo = min.toMillis();
            return lo + (long) (random.nextDouble() * (max.toMillis() - lo));
        }
    }

    /**
     * @param killEvery       between two leader kills (the first one after this from the start)
     * @param dropEvery       between two watch drops
     * @param deleteEvery     between two Workload deletions
     * @param webhookEvery    between the ends of two webhook outages (the first starts after this)
     * @param webhookDownFor  how long an outage lasts
     */
    record Rates(Interval killEvery, Interval dropEvery, Interval deleteEvery, Interval webhookEvery,
            Interval webhookDownFor) {

        /** The same without Workloads deleted by hand: to tell their effect from the other faults'. */
        Rates withoutDeletions() {
            Duration never = Duration.ofDays(1);
            return new Rates(killEvery, dropEvery, new Interval(never, never), webhookEvery, webhookDownFor);
        }

        /**
         * The issue's: the leader killed every 10-20 s; watches dropped and Workloads deleted every
         * 1-3 s; the webhook down for 1-3 s every 3-8 s (Kueue's shape creates its Jobs within
         * its first 12 s at time scale 1, so outages must come early to meet creations).
         */
        static Rates benchmark() {
            return new Rates(Interval.seconds(10, 20), Interval.seconds(1, 3), Interval.seconds(1, 3),
                    Interval.seconds(3, 8), Interval.seconds(1, 3));
        }
    }

    private FaultPlan() {
    }

    /** Every action from the start up to {@code horizon}, in time order. */
    static List<Action> draw(long seed, Rates rates, Duration horizon) {
        Random random = new Random(seed);
        List<Action> out = new ArrayList<>();
        long end = horizon.toMillis();
        for (long t = rates.killEvery().drawMillis(random); t < end; t += rates.killEvery().drawMillis(random)) {
            out.add(new KillLeader(Duration.ofMillis(t)));
        }
        for (long t = rates.dropEvery().drawMillis(random); t < end; t += rates.dropEvery().drawMillis(random)) {
            out.add(new DropWatches(Duration.ofMillis(t), 1 + random.nextInt(3), random.nextBoolean()));
        }
        for (long t = rates.deleteEvery().drawMillis(random); t < end; t += rates.deleteEvery().drawMillis(random)) {
            out.add(new DeleteWorkload(Duration.ofMillis(t), random.nextInt(Integer.MAX_VALUE)));
        }
        for (long t = rates.webhookEvery().drawMillis(random); t < end; t += rates.webhookEvery().drawMillis(random)) {
            long down = rates.webhookDownFor().drawMillis(random);
            out.add(new WebhookDown(Duration.ofMillis(t)));
            out.add(new WebhookUp(Duration.ofMillis(t + down)));
            t += down;
        }
        out.sort(Comparator.comparing(Action::at)); // stable: kinds in the order above at equal times
        return out;
    }
}
