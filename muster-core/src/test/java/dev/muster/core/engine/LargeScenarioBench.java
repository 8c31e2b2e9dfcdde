package dev.muster.core.engine;

import dev.muster.core.engine.AdmissionSettings;
import java.util.List;

/**
 * Plays bigger {@link MixedWorld}s and the Kueue performance shape ({@link PerfShape}) than the unit
 * suite does, and prints figures; no assertions. From the repository root, after
 * {@code ./mvnw -q -o -pl muster-core -am test-compile}:
 *
 * <pre>java -cp muster-core/target/classes:muster-core/target/test-classes:$ASSERTJ \
 *   dev.muster.core.engine.LargeScenarioBench [kueue|kai|perf] [workloads] [first seed] [last seed]</pre>
 */
public final class LargeScenarioBench {

    private LargeScenarioBench() {
    }

    public static void main(String[] args) {
        String kind = args.length > 0 ? args[0] : "kueue";
        int workloads = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        long first = args.length > 2 ? Long.parseLong(args[2]) : 1;
        long last = args.length > 3 ? Long.parseLong(args[3]) : first;
        for (long seed = first; seed <= last; seed++) {
            Engine engine;
            List<VirtualRun.Job> jobs;
            String label;
            if (kind.equals("perf")) {
                int queues = 4;
                jobs = PerfShape.jobs(queues, workloads / queues, seed);
                engine = new Engine(EngineSetup.kueue(PerfShape.queues(queues), List.of(), PerfShape.localQueues(queues),
                        List.of(), new AdmissionSettings(false)));
                label = "perf shape";
            } else {
                MixedWorld world = kind.equals("kai") ? MixedWorld.kai(seed, workloads) : MixedWorld.kueue(seed, workloads);
                engine = world.engine();
                jobs = world.jobs();
                label = kind + " (fair sharing " + world.fairSharing() + ")";
            }
            long start = System.nanoTime();
            VirtualRun.Result r = VirtualRun.run(engine, jobs, 100 * jobs.size(), e -> { }, false);
            System.out.printf("%s seed %d: %d workloads, finished %s at %d ms virtual, %d schedule calls, %d admissions,"
                            + " %d evictions (at most %d of one), %d ms wall%n", label, seed, jobs.size(), r.finished(),
                    r.endMillis(), r.scheduleCalls(), r.admissions(), r.evictions(), r.mostEvictionsOfOne(),
                    (System.nanoTime() - start) / 1_000_000);
        }
    }
}
