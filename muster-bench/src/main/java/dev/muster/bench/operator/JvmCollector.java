package dev.muster.bench.operator;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryManagerMXBean;
import java.util.List;

/**
 * The garbage collector of the JVM a benchmark through the API server runs in, named in its report
 * because the figures depend on it: on this 2-cpu machine `baseline` was all admitted in 84.6–85.8 s
 * under the parallel collector, 87.3–90.0 s under G1 (whose concurrent threads take cpu from the
 * run) and 87.0 s under the serial one (docs/performance.md, "The collector users run").
 * {@code ./muster run} and the Deployments in {@code deploy/} start the operator with the parallel
 * collector, so a figure measured under another is not what users get; the report says so.
 *
 * @param name the collector, as a user names it: "parallel", "G1", "serial", "ZGC", "Shenandoah",
 *             or the JVM's own names of its collectors when none of these
 */
record JvmCollector(String name) {

    static final String PARALLEL = "parallel";

    /** The collector of this JVM. */
    static JvmCollector current() {
        return of(ManagementFactory.getGarbageCollectorMXBeans().stream().map(MemoryManagerMXBean::getName).toList());
    }

    /** The collector whose memory managers have these names (HotSpot's: "PS Scavenge", "G1 Young Generation"...). */
    static JvmCollector of(List<String> managerNames) {
        for (String n : managerNames) {
            if (n.startsWith("PS ")) {
                return new JvmCollector(PARALLEL);
            }
            if (n.startsWith("G1 ")) {
                return new JvmCollector("G1");
            }
            if (n.equals("Copy") || n.equals("MarkSweepCompact")) {
                return new JvmCollector("serial");
            }
            if (n.startsWith("ZGC")) {
                return new JvmCollector("ZGC");
            }
            if (n.startsWith("Shenandoah")) {
                return new JvmCollector("Shenandoah");
            }
        }
        return new JvmCollector(managerNames.isEmpty() ? "unknown" : String.join(", ", managerNames));
    }

    /** Whether this is the collector {@code ./muster run} and {@code deploy/} run the operator with. */
    boolean asMusterRun() {
        return name.equals(PARALLEL);
    }

    /** The report's line: the collector, and what to add when it is not the one users run. */
    String describe() {
        return asMusterRun() ? "the parallel collector, as ./muster run and deploy/ start the operator"
                : "the " + name + " collector -- ./muster run and deploy/ start the operator with the parallel one:"
                        + " add -XX:+UseParallelGC to the java command to measure what users run";
    }
}
