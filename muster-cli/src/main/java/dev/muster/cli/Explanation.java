package dev.muster.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.muster.core.forecast.Forecast;
import dev.muster.core.quantity.Durations;
import dev.muster.sim.report.Report;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/**
 * What {@code muster explain} prints: the workloads waiting at an instant, each with why, where it
 * stands in its queues and when it is expected to be admitted. A view of a report stopped there
 * ({@link Report.PendingReport}), so that explain and simulate cannot tell two stories.
 *
 * @param atSeconds   the instant explained
 * @param forecast    whether the run was stopped with something left to happen (else nothing more
 *                    happens: what waits, waits until something changes)
 * @param assumptions what the forecast assumes, in words
 */
record Explanation(double atSeconds, boolean forecast, List<String> assumptions, List<Waiting> waiting) {

    /** One waiting workload, its report entry flattened. */
    record Waiting(String kind, String namespace, String name, String queue, String reason, String message,
            Integer positionInClusterQueue, Integer positionInLocalQueue, List<Report.Blocking> blocking,
            Double forecastAdmitAtSeconds, String forecastBasis) {
    }

    static Explanation of(Report report, boolean forecast, long atMillis) {
        List<Waiting> waiting = report.workloads().stream().filter(w -> w.pending() != null).map(w -> {
            Report.PendingReport p = w.pending();
            return new Waiting(w.kind(), w.namespace(), w.name(), w.clusterQueue() != null ? w.clusterQueue() : w.queue(),
                    p.reason(), w.message(), p.positionInClusterQueue(), p.positionInLocalQueue(), p.blocking(),
                    p.forecastAdmitAtSeconds(), forecast ? p.forecastBasis()
                            : "nothing is left to happen in the scenario: it waits until something changes");
        }).toList();
        return new Explanation(atMillis / 1000.0, forecast, forecast ? Forecast.ASSUMPTIONS : List.of(), waiting);
    }

    /** Only the workload named {@code workload} (namespace/name, or a name in any namespace). */
    Explanation only(String workload) {
        return new Explanation(atSeconds, forecast, assumptions,
                waiting.stream().filter(w -> (w.namespace() + "/" + w.name()).equals(workload) || w.name().equals(workload))
                        .toList());
    }

    /** The waiting workloads' names, for an error that names one that does not wait. */
    String names() {
        return waiting.isEmpty() ? "none waits then"
                : "waiting then: " + String.join(", ", waiting.stream().limit(10).map(w -> w.namespace() + "/" + w.name()).toList())
                        + (waiting.size() > 10 ? " and " + (waiting.size() - 10) + " more" : "");
    }

    void writeJson(PrintWriter out) {
        ObjectMapper json = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
        try {
            out.println(json.writeValueAsString(this));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void writeText(PrintWriter out) {
        long at = Math.round(atSeconds * 1000);
        if (waiting.isEmpty()) {
            out.println("Nothing waits at " + Durations.text(at) + ".");
            return;
        }
        out.printf(Locale.ROOT, "%d workload%s waiting at %s.%n", waiting.size(), waiting.size() == 1 ? "" : "s",
                Durations.text(at));
        for (Waiting w : waiting) {
            out.println();
            out.println(w.namespace() + "/" + w.name() + " (" + w.kind() + ")" + (w.queue() != null ? ", queue " + w.queue() : ""));
            out.println("  why:   " + (w.reason() != null ? w.reason() + ": " : "") + w.message());
            if (!w.blocking().isEmpty()) {
                out.println("  lacks: " + String.join("; ", w.blocking().stream().map(b -> b.needed() + " " + b.resource()
                        + " in flavor " + b.flavor() + ", " + b.available() + " available"
                        + (b.overLimit() ? " (its queue's limit)" : "")).toList()));
                for (Report.Blocking b : w.blocking()) {
                    if (!b.heldBy().isEmpty()) {
                        out.println("  held:  " + b.resource() + " in flavor " + b.flavor() + " by " + String.join(", ",
                                b.heldBy().stream().map(h -> h.workload() + " (" + h.amount() + ", " + h.clusterQueue() + ")").toList())
                                + (b.heldByCount() > b.heldBy().size() ? " and " + (b.heldByCount() - b.heldBy().size()) + " more" : ""));
                    }
                }
            }
            if (w.positionInClusterQueue() != null) {
                out.printf(Locale.ROOT, "  where: %d ahead of it in its ClusterQueue, %d in its LocalQueue%n",
                        w.positionInClusterQueue(), w.positionInLocalQueue());
            }
            out.println("  when:  " + (w.forecastAdmitAtSeconds() != null
                    ? "at " + Durations.text(Math.round(w.forecastAdmitAtSeconds() * 1000)) + " (+"
                            + Durations.text(Math.round(w.forecastAdmitAtSeconds() * 1000) - at) + "), " + w.forecastBasis()
                    : w.forecastBasis()));
        }
        if (forecast) {
            out.println();
            out.println("The forecast assumes: " + String.join("; ", assumptions) + ".");
        }
    }
}
