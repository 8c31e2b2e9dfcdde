package dev.muster.cli;

import dev.muster.cli.dashboard.DashboardServer;
import dev.muster.cli.dashboard.DashboardState;
import dev.muster.core.forecast.Forecast;
import dev.muster.core.quantity.Durations;
import dev.muster.core.view.ClusterView;
import dev.muster.sim.Simulation;
import dev.muster.sim.report.Report;
import dev.muster.sim.report.html.HtmlReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;

/** {@code muster simulate --serve}: the dashboard on the end of a finished run, with its HTML report. */
final class SimulationDashboard {

    private SimulationDashboard() {
    }

    /** The dashboard's state of a run that has run (with series): its end, and the forecast if it was stopped early. */
    static DashboardState state(Simulation simulation) {
        Map<String, ClusterView.Expected> forecasts = new TreeMap<>();
        Optional<Forecast> forecast = simulation.forecast();
        var view = simulation.viewAtEnd().orElseThrow(() -> new IllegalStateException("the run kept no view: run it with series"));
        Map<String, Forecast.Expectation> expected = new TreeMap<>();
        forecast.ifPresent(fc -> fc.expectations().forEach((key, e) -> expected.put(key.toString(), e)));
        for (var w : view.waiting()) {
            if (forecast.isEmpty()) {
                forecasts.put(w.workload(), new ClusterView.Expected(null,
                        "nothing is left to happen in the scenario: it waits until something changes"));
            } else if (expected.containsKey(w.workload())) {
                Forecast.Expectation e = expected.get(w.workload());
                forecasts.put(w.workload(), new ClusterView.Expected(
                        e.admitAtMillis().isPresent() ? "at " + Durations.text(e.admitAtMillis().getAsLong()) : null, e.basis()));
            }
        }
        return new DashboardState(DashboardState.SIMULATION, view.withForecasts(forecasts));
    }

    static int serveUntilInterrupted(Simulation simulation, Report report, String title, String address, int port,
            PrintWriter err) throws IOException {
        StringWriter page = new StringWriter();
        HtmlReport.write(report, simulation.series().orElseThrow(), title, page);
        DashboardState state = state(simulation);
        DashboardServer server;
        try {
            server = new DashboardServer(new InetSocketAddress(address, port), () -> Optional.of(state), Optional.of(page.toString()));
        } catch (IOException e) {
            err.println("error: --serve on " + address + ":" + port + ": " + e.getMessage());
            return ExitCode.INVALID_INPUT;
        }
        server.start();
        err.println("muster: serving the dashboard at " + server.url() + " and the report at " + server.url() + "report.html"
                + " (read-only; Ctrl-C stops)");
        err.flush();
        CountDownLatch forever = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        try {
            forever.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            server.close();
        }
        return ExitCode.OK;
    }
}
