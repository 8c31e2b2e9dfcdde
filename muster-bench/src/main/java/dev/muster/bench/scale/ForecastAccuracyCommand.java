package dev.muster.bench.scale;

import dev.muster.sim.trace.PhillyJob;
import dev.muster.api.manifest.ManifestException;
import dev.muster.bench.forecast.ForecastAccuracy;
import dev.muster.bench.forecast.KueueShapeScenario;
import dev.muster.bench.kueue.GeneratedCluster;
import dev.muster.bench.kueue.PerfShape;
import dev.muster.bench.forecast.PhillyScenario;
import dev.muster.bench.placement.PlacementBenchmark;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code forecast-accuracy}: issue 19's benchmark of the forecast on real demand, a slice of the
 * Philly trace mapped to Kueue queues by virtual cluster ({@link PhillyScenario}), measured by
 * {@link ForecastAccuracy}.
 */
final class ForecastAccuracyCommand {

    private ForecastAccuracyCommand() {
    }

    static String usage() {
        return """
                usage: java -jar muster-bench.jar forecast-accuracy [--from N] [--jobs N] [--gpus G] [--instants C] [--quantile Q]
                                                          [--data DIR] [--out DIR]
                  a slice of Microsoft's Philly trace (jobs --from .. --from + --jobs, in submission order) as a Kueue
                  scenario: one ClusterQueue per virtual cluster in one cohort, --gpus GPUs of nominal quota shared in
                  proportion to the GPU-seconds each asks for; run to its end, then stopped and forecast at --instants
                  instants spread over the arrivals, each forecast compared with what happened; the jobs say nothing of
                  their run times, so forecasts expect the --quantile of finished runs of the same queue and shape
                  defaults: --from 20000 --jobs 2000 --gpus 256 --instants 10 --quantile 0.5; --out keeps the scenario
                  --shape baseline|large-scale: Kueue's performance shape instead of Philly (cpu quota, its preemption)
                exit status: 0 ran, 2 bad arguments""";
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            Options o = Options.parse(args, Set.of("--from", "--jobs", "--gpus", "--instants", "--quantile", "--data", "--out", "--shape"));
            if (o.help()) {
                out.println(usage());
                return 0;
            }
            int from = (int) o.number("--from", 20_000, 0);
            int count = (int) o.number("--jobs", 2_000, 1);
            long gpus = o.number("--gpus", 256, 1);
            int instants = (int) o.number("--instants", 10, 1);
            double quantile = o.fraction("--quantile", 0.5);
            Path dir = o.text("--out", null) != null ? Path.of(o.text("--out", null))
                    : Files.createTempDirectory("forecast-accuracy");
            String shape = o.text("--shape", null);
            String what;
            if (shape != null) {
                int written = KueueShapeScenario.write(new GeneratedCluster(PerfShape.bundled(shape).generator()), quantile, dir);
                what = String.format(Locale.ROOT, "Kueue's %s shape (%,d workloads", shape, written);
            } else {
                List<PhillyJob> jobs = PhillyJob.read(OpenbScenarioCommand.dataFolder(o).resolve(PhillyJob.FILE), from, count);
                int written = PhillyScenario.write(jobs, gpus, quantile, dir);
                what = String.format(Locale.ROOT, "Philly jobs %,d..%,d (%,d jobs, %,d GPUs of quota", from,
                        from + count - 1, written, gpus);
            }
            long started = System.nanoTime();
            ForecastAccuracy.Result r = ForecastAccuracy.measure(dir, instants);
            out.printf(Locale.ROOT, "Forecast accuracy on %s, %d instants, run-time quantile %s) -> %s%n", what, instants,
                    quantile, dir);
            print(out, r);
            out.printf(Locale.ROOT, "  measured in %.1f s%n", (System.nanoTime() - started) / 1e9);
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.println(usage());
            return 2;
        } catch (ManifestException e) {
            err.println("error: the generated scenario does not load: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void print(PrintStream out, ForecastAccuracy.Result r) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"QUEUE", "WAITING", "COMPARED", "MEDIAN WAIT LEFT", "MEDIAN |ERR|", "P90 |ERR|", "MEDIAN ERR",
            "FORECAST, NOT ADMITTED", "ADMITTED, NOT FORECAST"});
        for (Map.Entry<String, ForecastAccuracy.Tally> e : r.byQueue().entrySet()) {
            rows.add(row(e.getKey(), e.getValue()));
        }
        rows.add(row("all", r.all()));
        PlacementBenchmark.Table.print(out, rows);
        out.println("  WAITING: workloads waiting at the instants (one counted at each instant it waits); COMPARED: those");
        out.println("  forecast with a time and admitted in the full run; WAIT LEFT: from the instant to their admission");
        out.println("  (what forecasting \"now\" would be off by); |ERR|: |forecast - actual admission|;");
        out.println("  MEDIAN ERR: forecast - actual (below 0: forecasts early, as later arrivals are not foreseen).");
    }

    private static String[] row(String queue, ForecastAccuracy.Tally t) {
        boolean any = t.compared() > 0;
        return new String[] {queue, String.format(Locale.ROOT, "%,d", t.waiting()),
            String.format(Locale.ROOT, "%,d", t.compared()), any ? hours(t.medianWaitLeft()) : "-",
            any ? hours(t.absoluteErrorQuantile(0.5)) : "-",
            any ? hours(t.absoluteErrorQuantile(0.9)) : "-", any ? hours(t.medianSignedError()) : "-",
            String.format(Locale.ROOT, "%,d", t.forecastNeverAdmitted()),
            String.format(Locale.ROOT, "%,d", t.admittedNotForecast())};
    }

    /** To the second, as Kubernetes prints durations: 36s, 42m10s, 2h41m; a minus sign for early forecasts. */
    private static String hours(long millis) {
        long seconds = Math.round(Math.abs(millis) / 1000.0);
        return (millis < 0 && seconds > 0 ? "-" : "") + dev.muster.core.quantity.Durations.text(seconds * 1000);
    }
}
