package dev.muster.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.muster.api.workload.ForecastAnnotations;
import dev.muster.core.forecast.Forecast;
import dev.muster.core.quantity.Durations;
import dev.muster.sim.report.Report;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What {@code muster explain} prints: the workloads waiting at an instant, each with why, where it
 * stands in its queues and when it is expected to be admitted. Two sources build it: a simulation
 * stopped at a virtual instant ({@link #of}: a view of its report's {@link Report.PendingReport}, so
 * that explain and simulate cannot tell two stories), and a live cluster read now
 * ({@link #live}, from {@link LiveWorkloads}).
 *
 * <p>Times: in a simulation, {@code atSeconds} and {@code forecastAdmitAtSeconds} are seconds of
 * virtual time since the scenario's start, and {@code at} and {@code forecastAdmitAt} are null. On
 * a cluster they are Unix epoch seconds (UTC), and {@code at} and {@code forecastAdmitAt} give the
 * same instants in RFC 3339.
 *
 * @param source      {@value #SIMULATION} or {@value #CLUSTER}
 * @param atSeconds   the instant explained
 * @param at          that instant in RFC 3339 (cluster only)
 * @param forecast    simulation: whether the run was stopped with something left to happen (else
 *                    nothing more happens: what waits, waits until something changes); cluster:
 *                    whether the operator's forecast is on some waiting workload
 * @param assumptions what the forecast assumes, in words
 * @param notes       what could not be learnt, one line each (cluster: the visibility API not
 *                    served, say), so that a missing position is not read as "first"
 */
record Explanation(String source, double atSeconds, String at, boolean forecast, List<String> assumptions,
        List<String> notes, List<Waiting> waiting) {

    static final String SIMULATION = "simulation";
    static final String CLUSTER = "cluster";

    /**
     * One waiting workload, its report entry flattened.
     *
     * @param kind            the job's kind (cluster: the Workload's controlling owner's, else "Workload")
     * @param name            the job's name (cluster: the owner's, else the Workload's)
     * @param workload        cluster: the Workload object's name (what the visibility API and
     *                        {@code kubectl get workloads} show); null in a simulation
     * @param queue           its ClusterQueue, else its LocalQueue when the ClusterQueue is not known
     * @param forecastAdmitAt cluster: {@code forecastAdmitAtSeconds} in RFC 3339; null in a simulation
     */
    record Waiting(String kind, String namespace, String name, String workload, String queue, String reason,
            String message, Integer positionInClusterQueue, Integer positionInLocalQueue, List<Report.Blocking> blocking,
            Double forecastAdmitAtSeconds, String forecastAdmitAt, String forecastBasis) {

        Waiting {
            blocking = List.copyOf(blocking);
        }

        /** Whether {@code wanted} (namespace/name, or a name in any namespace) names this workload, by its job or its Workload. */
        boolean isNamed(String wanted) {
            int slash = wanted.indexOf('/');
            String ns = slash < 0 ? null : wanted.substring(0, slash);
            String n = slash < 0 ? wanted : wanted.substring(slash + 1);
            return (ns == null || ns.equals(namespace)) && (n.equals(name) || n.equals(workload));
        }
    }

    /** The order in which a cluster's waiting workloads are listed: by ClusterQueue, then position, then name. */
    static final Comparator<Waiting> CLUSTER_ORDER = Comparator
            .comparing(Waiting::queue, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(Waiting::positionInClusterQueue, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(Waiting::namespace).thenComparing(Waiting::name)
            .thenComparing(Waiting::workload, Comparator.nullsLast(Comparator.naturalOrder()));

    static Explanation of(Report report, boolean forecast, long atMillis) {
        List<Waiting> waiting = report.workloads().stream().filter(w -> w.pending() != null).map(w -> {
            Report.PendingReport p = w.pending();
            return new Waiting(w.kind(), w.namespace(), w.name(), null,
                    w.clusterQueue() != null ? w.clusterQueue() : w.queue(), p.reason(), w.message(),
                    p.positionInClusterQueue(), p.positionInLocalQueue(), p.blocking(), p.forecastAdmitAtSeconds(), null,
                    forecast ? p.forecastBasis() : "nothing is left to happen in the scenario: it waits until something changes");
        }).toList();
        return new Explanation(SIMULATION, atMillis / 1000.0, null, forecast, forecast ? Forecast.ASSUMPTIONS : List.of(),
                List.of(), waiting);
    }

    /**
     * A cluster's waiting workloads read at {@code now} (whole seconds), listed in {@link #CLUSTER_ORDER}.
     * The operator's forecast runs Muster's engine on a copy of its present, so it rests on the
     * engine's assumptions and the operator's own; they are stated when some workload carries it.
     */
    static Explanation live(Instant now, List<Waiting> waiting, List<String> notes) {
        boolean forecast = waiting.stream().anyMatch(w -> w.forecastAdmitAtSeconds() != null);
        List<String> assumptions = new java.util.ArrayList<>(Forecast.ASSUMPTIONS);
        assumptions.addAll(ForecastAnnotations.OPERATOR_ASSUMPTIONS);
        return new Explanation(CLUSTER, now.getEpochSecond(), ForecastAnnotations.format(now), forecast,
                forecast ? List.copyOf(assumptions) : List.of(), List.copyOf(notes),
                waiting.stream().sorted(CLUSTER_ORDER).toList());
    }

    /** Only the workload named {@code workload} (namespace/name, or a name in any namespace). */
    Explanation only(String workload) {
        return new Explanation(source, atSeconds, at, forecast, assumptions, notes,
                waiting.stream().filter(w -> w.isNamed(workload)).toList());
    }

    /** The waiting workloads' names, for an error that names one that does not wait. */
    String names() {
        String then = CLUSTER.equals(source) ? "now" : "then";
        return waiting.isEmpty() ? "none waits " + then
                : "waiting " + then + ": " + String.join(", ", waiting.stream().limit(10).map(w -> w.namespace() + "/" + w.name()).toList())
                        + (waiting.size() > 10 ? " and " + (waiting.size() - 10) + " more" : "");
    }

    /**
     * Seconds as plain numbers: Jackson writes a double of ten digits (an epoch second) as
     * 1.795708797E9; {@code BigDecimal.valueOf} keeps a simulation's 40.0 as it was and writes
     * 1795708797 in full.
     */
    private static final StdSerializer<Double> PLAIN_NUMBER = new StdSerializer<>(Double.class) {
        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (value.isNaN() || value.isInfinite()) {
                gen.writeNumber(value);
            } else {
                gen.writeNumber(BigDecimal.valueOf(value).toPlainString());
            }
        }
    };
    private static final SimpleModule PLAIN_SECONDS = new SimpleModule()
            .addSerializer(Double.class, PLAIN_NUMBER).addSerializer(double.class, PLAIN_NUMBER);

    void writeJson(PrintWriter out) {
        ObjectMapper json = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).addModule(PLAIN_SECONDS).build();
        try {
            out.println(json.writeValueAsString(this));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void writeText(PrintWriter out) {
        boolean live = CLUSTER.equals(source);
        long at = Math.round(atSeconds * 1000);
        String when = live ? this.at : Durations.text(at);
        notes.forEach(out::println);
        if (waiting.isEmpty()) {
            out.println("Nothing waits at " + when + ".");
            return;
        }
        out.printf(Locale.ROOT, "%d workload%s waiting at %s.%n", waiting.size(), waiting.size() == 1 ? "" : "s", when);
        for (Waiting w : waiting) {
            out.println();
            out.println(w.namespace() + "/" + w.name() + " (" + w.kind() + ")" + (w.queue() != null ? ", queue " + w.queue() : "")
                    + (w.workload() != null && !w.workload().equals(w.name()) ? ", Workload " + w.workload() : ""));
            out.println("  why:   " + (w.reason() != null ? w.reason() + ": " : "") + w.message());
            if (!w.blocking().isEmpty()) {
                out.println("  lacks: " + String.join("; ", w.blocking().stream().map(b -> b.needed() + " " + b.resource()
                        + " in flavor " + b.flavor() + ", " + b.available() + " available"
                        + (b.overLimit() ? " (over a queue's limit)" : "")).toList()));
                for (Report.Blocking b : w.blocking()) {
                    if (!b.heldBy().isEmpty()) {
                        out.println("  held:  " + b.resource() + " in flavor " + b.flavor() + " by " + String.join(", ",
                                b.heldBy().stream().map(h -> h.workload() + " (" + h.amount() + ", " + h.clusterQueue() + ")").toList())
                                + (b.heldByCount() > b.heldBy().size() ? " and " + (b.heldByCount() - b.heldBy().size()) + " more" : ""));
                    }
                }
            }
            String where = where(w);
            if (where != null) {
                out.println("  where: " + where);
            }
            out.println("  when:  " + (w.forecastAdmitAtSeconds() != null ? admission(w, at, live) : w.forecastBasis()));
        }
        if (forecast) {
            out.println();
            out.println("The forecast assumes: " + String.join("; ", assumptions) + ".");
        }
    }

    /** The positions known, in words; null when neither is (a note says why). */
    private static String where(Waiting w) {
        Integer cq = w.positionInClusterQueue();
        Integer lq = w.positionInLocalQueue();
        if (cq != null && lq != null) {
            return String.format(Locale.ROOT, "%d ahead of it in its ClusterQueue, %d in its LocalQueue", cq, lq);
        }
        if (cq != null || lq != null) {
            return String.format(Locale.ROOT, "%d ahead of it in its %s", cq != null ? cq : lq,
                    cq != null ? "ClusterQueue" : "LocalQueue");
        }
        return null;
    }

    /** "at T (+D), basis": virtual time in a simulation, the wall clock's UTC on a cluster. */
    private static String admission(Waiting w, long atMillis, boolean live) {
        long admitMillis = Math.round(w.forecastAdmitAtSeconds() * 1000);
        long after = admitMillis - atMillis;
        String basis = w.forecastBasis() == null || w.forecastBasis().isEmpty() ? "" : ", " + w.forecastBasis();
        if (!live) {
            return "at " + Durations.text(admitMillis) + " (+" + Durations.text(after) + ")" + basis;
        }
        // A forecast written some seconds ago may already be past: said so rather than as a negative wait.
        String relative = after >= 0 ? "+" + Durations.text(after) + " from now" : Durations.text(-after) + " ago";
        return "at " + w.forecastAdmitAt() + " (" + relative + ")" + basis;
    }
}
