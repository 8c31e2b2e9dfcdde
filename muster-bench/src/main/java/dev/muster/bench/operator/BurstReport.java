package dev.muster.bench.operator;

import static dev.muster.bench.operator.OperatorPerfReplay.fmt;
import static dev.muster.bench.operator.OperatorPerfReplay.ms;
import static dev.muster.bench.operator.OperatorPerfReplay.table;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Prints a {@link BurstResult}: outcome, admission times and rate, the decider's time, CPU and API requests. */
final class BurstReport {

    private BurstReport() {
    }

    static void header(PrintStream out, BurstLayout l, OperatorPerfRun.Settings s) {
        out.printf(Locale.ROOT, "Burst of %,d single-pod Jobs through the API server, with Muster's controller%n", l.jobs());
        out.printf(Locale.ROOT, "  queues      %,d ClusterQueues in one cohort, each with a namespace and a LocalQueue;"
                + " Jobs dealt round-robin; cpu quota = 1 cpu per Job of the queue%s%n", l.queues(), l.gpus()
                ? String.format(Locale.ROOT, ", GPU quota = %,d GPUs over the queues", l.totalGpus()) : "");
        out.printf(Locale.ROOT, "  pods        %s%n", l.gpus()
                ? String.format(Locale.ROOT, "1 cpu + 1 nvidia.com/gpu, schedulerName %s: Muster places and binds them on"
                        + " %,d Nodes of 4 GPUs (64 cpu, 512Gi); %,d Jobs fit at once", dev.muster.operator.OperatorOptions.SCHEDULER_NAME,
                        l.gpuNodes(), l.admissible())
                : "1 cpu, default scheduler (admission is quota only); every Job fits");
        out.printf(Locale.ROOT, "  method      fabric8 mock API server (CRUD, indexed store, Bindings applied) + MusterOperator;"
                + " %d threads create every Job at once; Jobs never finish%s%n", s.creatorThreads(), l.gpus()
                ? "; a Job controller stand-in creates an unsuspended Job's pod" : "");
        out.printf(Locale.ROOT, "  jvm         %s%n", JvmCollector.current().describe());
        out.println();
    }

    static void print(PrintStream out, BurstResult r) {
        BurstLayout l = r.layout();
        BurstAudit a = r.audit();
        out.println("Outcome");
        out.printf(Locale.ROOT, "  admitted          %,d of %,d admissible (%s)%s%n", r.admitted(), l.admissible(),
                l.gpus() ? "pod bound to a node" : "Job seen unsuspended", r.admittedInTime() ? "" : "  -- TIMED OUT");
        out.printf(Locale.ROOT, "  unsuspended       %,d Jobs%s%n", BurstResult.count(r.unsuspendedAt()),
                l.gpus() ? String.format(Locale.ROOT, "; bound %,d pods", BurstResult.count(r.boundAt())) : "");
        out.printf(Locale.ROOT, "  end state         %,d Workloads, %,d Admitted; %,d Jobs unsuspended; reserved %s%n", a.workloads(),
                a.admitted(), a.unsuspendedJobs(), reserved(a));
        if (l.gpus()) {
            out.printf(Locale.ROOT, "  nodes             %,d bound pods on %,d of %,d nodes; the most GPUs asked on one node: %d of %d%n",
                    a.boundPods(), a.gpuNodesUsed(), l.gpuNodes(), a.maxGpusOnANode(), BurstLayout.GPUS_PER_NODE);
        }
        out.printf(Locale.ROOT, "  audit             %s%n", a.violationCount() == 0
                ? "no cohort above its quota, no Job running without its Workload admitted" + (l.gpus() ? ", no node above its GPUs" : "")
                : a.violationCount() + " VIOLATIONS: " + String.join("; ", a.violations()));
        if (r.suspendedAgain() > 0 || r.podCreateFailures() > 0) {
            out.printf(Locale.ROOT, "  WARNING           %,d Jobs suspended again after running, %,d pod creates failed%n",
                    r.suspendedAgain(), r.podCreateFailures());
        }
        out.println();

        out.println("Wall time (from the first create sent)");
        out.printf(Locale.ROOT, "  last create       %s%n", ms(r.lastCreateNanos()));
        times(out, "unsuspended", r.unsuspendedAt());
        if (l.gpus()) {
            times(out, "bound", r.boundAt());
        }
        out.printf(Locale.ROOT, "  admissions/s      %,.1f (%,d admitted by the last admission at %s); peak %,d within one second%n",
                r.admissionsPerSecond(), r.admitted(), ms(BurstResult.last(r.admittedAt())), r.peakAdmissionsPerSecond());
        out.println();

        decider(out, r);
        cpu(out, r);
        requests(out, r);
    }

    private static String reserved(BurstAudit a) {
        List<String> parts = new ArrayList<>();
        a.reservedMilli().forEach((resource, milli) -> parts.add(
                (milli % 1000 == 0 ? fmt(milli / 1000) : fmt(milli) + "m") + " " + resource));
        parts.sort(null);
        return parts.isEmpty() ? "nothing" : String.join(", ", parts);
    }

    private static void times(PrintStream out, String what, long[] at) {
        out.printf(Locale.ROOT, "  %-17s first %s, last %s (%,d Jobs)%n", what, ms(BurstResult.first(at)), ms(BurstResult.last(at)),
                BurstResult.count(at));
    }

    private static void decider(PrintStream out, BurstResult r) {
        r.decider().print(out, r.deciderCycles());
    }

    private static void cpu(PrintStream out, BurstResult r) {
        out.println("Cost on this machine (" + Runtime.getRuntime().availableProcessors() + " cpus, Java " + Runtime.version()
                + "; everything in one JVM)");
        out.printf(Locale.ROOT, "  process CPU       %s over %s of wall (%.2f cpus busy on average); GC %,d runs, %,d ms%n",
                ms(r.processCpuNanos()), ms(r.measuredNanos()), r.processCpuNanos() / (double) Math.max(1, r.measuredNanos()),
                r.gcCount(), r.gcMillis());
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"THREADS (BY NAME)", "N", "CPU", "SHARE"});
        for (OperatorPerfResult.ThreadCpu t : r.threadCpu().subList(0, Math.min(12, r.threadCpu().size()))) {
            rows.add(new String[] {t.group(), fmt(t.threads()), ms(t.cpuNanos()), String.format(Locale.ROOT, "%.1f %%",
                    r.processCpuNanos() <= 0 ? 0 : t.cpuNanos() * 100.0 / r.processCpuNanos())});
        }
        table(out, rows);
        out.println("  muster-decider: the operator's deciding thread; vert.x/mock: the mock API server and the clients' HTTP;"
                + " perf-*: this benchmark");
        out.println();
    }

    private static void requests(PrintStream out, BurstResult r) {
        int admitted = Math.max(1, r.admitted());
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"API REQUESTS", "BY", "COUNT", "PER ADMITTED", "SERVER TIME"});
        for (CountingDispatcher.Count c : r.requests()) {
            rows.add(new String[] {c.request(), BurstResult.benchmarksOwn(c) ? "benchmark" : "operator", fmt(c.count()),
                    String.format(Locale.ROOT, "%.2f", c.count() / (double) admitted), ms(c.nanos())});
        }
        rows.add(new String[] {"all", "", fmt(r.totalRequests()), String.format(Locale.ROOT, "%.2f", r.totalRequests()
                / (double) admitted), ""});
        rows.add(new String[] {"the operator's", "", fmt(r.operatorRequests()), String.format(Locale.ROOT, "%.2f",
                r.operatorRequests() / (double) admitted), ""});
        table(out, rows);
        out.println("  per admitted: over the admitted Jobs; the benchmark's own are the Job creates and (GPU nodes) the pod"
                + " creates of the Job controller stand-in; WATCH/LIST include the benchmark's few watches");
    }
}
