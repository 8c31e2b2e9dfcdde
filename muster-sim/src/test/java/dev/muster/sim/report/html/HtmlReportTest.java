package dev.muster.sim.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.sim.report.Report;
import dev.muster.sim.series.RunSeries;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

    private static Report.WorkloadReport workload(String name, String cq, double created, List<Double> admissions) {
        return new Report.WorkloadReport("Job", "ns", name, "lq", cq, 0, admissions.isEmpty() ? "Pending" : "Admitted",
                admissions.isEmpty() ? null : admissions.get(admissions.size() - 1), null, Map.of(), List.of(), List.of(),
                List.of(), "waiting for quota </script><b>", created, admissions);
    }

    @Test
    void waitTimesAreTheNearestRankQuantilesOfTheFirstAdmissionsPerQueue() {
        List<WaitTimes> w = WaitTimes.of(List.of(
                workload("a", "q1", 0, List.of(0.0)),
                workload("b", "q1", 10, List.of(20.0)),
                workload("c", "q1", 10, List.of(110.0, 500.0)), // its first admission counts: 100
                workload("d", "q2", 5, List.of()),
                workload("e", "q2", 5, List.of(65.0))));
        // q1: [0, 10, 100]: median the 2nd (ceil(1.5)), p95 the 3rd; q2: [60], one never admitted.
        assertThat(w).containsExactly(new WaitTimes("q1", 3, 0, 10, 100, 100), new WaitTimes("q2", 1, 1, 60, 60, 60));
    }

    @Test
    void thePageIsSelfContainedAndWhatTheRunSaysCannotBreakOutOfItsElements() throws Exception {
        Report report = new Report(Report.SCHEMA, 120, List.of(workload("x", "q1", 0, List.of())), List.of(), List.of(),
                List.of(), List.of());
        RunSeries series = new RunSeries(List.of(new RunSeries.QueueSeries("q1", "ClusterQueue", null, true, Map.of("f/cpu", 4.0),
                List.of(new RunSeries.Sample(0, Map.of(), Map.of(), 1, 0)))), List.of(), 0, RunSeries.PeakGpus.NONE);
        StringWriter out = new StringWriter();
        HtmlReport.write(report, series, "a <title> & \"quotes\"", out);
        String page = out.toString();

        assertThat(page).startsWith("<!DOCTYPE html>").contains("<title>a &lt;title&gt; &amp; &quot;quotes&quot; — Muster</title>");
        // Nothing fetched from elsewhere: the page opens from disk without a network.
        assertThat(page).doesNotContainPattern("(src|href)=\"(https?:)?//");
        // The inlined library and the data are there, and no "</script>" ends a script early: the
        // message with "</script>" is escaped in the table and written "<\/script>" in the JSON.
        assertThat(page).contains("echarts", "id=\"muster-data\"", "waiting for quota &lt;/script&gt;&lt;b&gt;",
                "waiting for quota <\\/script><b>");
        int scripts = page.split("<script", -1).length - 1;
        int ends = page.split("</script>", -1).length - 1;
        assertThat(ends).as("each script ends once, where it should: ECharts, the data, page.js, the page's own").isEqualTo(scripts).isEqualTo(4);
    }

    @Test
    void scriptTextIsMadeSafeWithoutChangingWhatItMeans() {
        assertThat(SelfContainedPage.scriptSafe("a</script>b<!--c")).isEqualTo("a<\\/script>b<\\!--c");
        assertThat(SelfContainedPage.escape("<a href='x'>&</a>")).isEqualTo("&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;");
    }

    @Test
    void aLongRunsLinesKeepTheStateAtTheEndOfEachOfAtMostTwoThousandSpans() {
        List<RunSeries.Sample> samples = new java.util.ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            samples.add(new RunSeries.Sample(i, Map.of("f/gpu", (double) i), Map.of(), 0, i));
        }
        List<RunSeries.Sample> thin = HtmlReport.thin(samples, 10_000);
        assertThat(thin).hasSize(HtmlReport.SAMPLES_PER_QUEUE + 1);
        // The first is kept; then spans of 5 s, each keeping its last sample (4, 9, ...); the last is the run's last.
        assertThat(thin.get(0).atSeconds()).isEqualTo(0.0);
        assertThat(thin.get(1).atSeconds()).isEqualTo(4.0);
        assertThat(thin.get(2).atSeconds()).isEqualTo(9.0);
        assertThat(thin.get(thin.size() - 1)).isEqualTo(samples.get(samples.size() - 1));
        assertThat(HtmlReport.thin(samples.subList(0, 100), 100)).as("few samples are kept as they are").hasSize(100);
    }
}
