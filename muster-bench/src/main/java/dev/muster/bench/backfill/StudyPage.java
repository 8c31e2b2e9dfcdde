package dev.muster.bench.backfill;

import dev.muster.sim.report.html.HtmlTable;
import dev.muster.sim.report.html.SelfContainedPage;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code backfill-study --html FILE}: the study's tables as one self-contained page with charts, in
 * the style of {@code muster simulate --html} (Apache ECharts inlined, no network). Per workload and
 * estimate mode: the p50 and p95 waits by gang size with the policies side by side, GPU utilization
 * (over the makespan and while jobs arrive) and makespan per policy, and the table of every figure. The page shows the figures
 * {@link StudyReport} prints, rounded the same way (hours to two decimals, utilization to one).
 */
public final class StudyPage {

    /** What the page's script draws from (JSON in the page). */
    record Data(String title, List<Study> studies) {
    }

    /**
     * One workload with one kind of estimates; figures per policy in the order of {@code policies},
     * per size class in the order of {@code classes}; null where there is no figure.
     */
    record Study(String id, String heading, List<String> classes, List<Policy> policies, String largestClass) {
    }

    record Policy(String label, boolean measured, List<Double> p50Hours, List<Double> p95Hours, List<Double> maxHours,
            Double utilizationPercent, Double utilizationWhileArrivingPercent, Double makespanHours, Integer evictions,
            Double largestFloorP95Hours) {
    }

    private StudyPage() {
    }

    public static void write(List<Comparison> comparisons, String title, Writer out) throws IOException {
        Data data = data(comparisons, title);
        Map<String, String> html = new LinkedHashMap<>();
        html.put("title", SelfContainedPage.escape(title));
        html.put("summary", SelfContainedPage.escape(comparisons.size() + (comparisons.size() == 1 ? " comparison" : " comparisons")
                + " of " + policies(comparisons)
                + "; waits are from creation to first admission, in hours, by nearest rank"));
        StringBuilder sections = new StringBuilder();
        for (int i = 0; i < comparisons.size(); i++) {
            sections.append(section(comparisons.get(i), data.studies().get(i)));
        }
        html.put("sections", sections.toString());
        SelfContainedPage.write(StudyPage.class, "study.html", html, data, "study.js", out);
    }

    static Data data(List<Comparison> comparisons, String title) {
        List<Study> studies = new ArrayList<>();
        for (int i = 0; i < comparisons.size(); i++) {
            Comparison c = comparisons.get(i);
            List<SizeClass> classes = SizeClass.presentIn(c.demand().jobs());
            List<Policy> policies = new ArrayList<>();
            for (PolicyResult r : c.results()) {
                policies.add(policy(r, classes));
            }
            studies.add(new Study("study-" + i, heading(c), classes.stream().map(SizeClass::label).toList(), policies,
                    SizeClass.largestOf(c.demand().jobs()).label()));
        }
        return new Data(title, studies);
    }

    private static Policy policy(PolicyResult r, List<SizeClass> classes) {
        if (!(r instanceof PolicyResult.Measured m)) {
            return new Policy(r.policy().label(), false, null, null, null, null, null, null, null, null);
        }
        List<Double> p50 = new ArrayList<>();
        List<Double> p95 = new ArrayList<>();
        List<Double> max = new ArrayList<>();
        for (SizeClass s : classes) {
            boolean any = m.waits().containsKey(s) && m.waitsOf(s).count() > 0;
            p50.add(any ? hours(m.waitsOf(s).p50Seconds()) : null);
            p95.add(any ? hours(m.waitsOf(s).p95Seconds()) : null);
            max.add(any ? hours(m.waitsOf(s).maxSeconds()) : null);
        }
        return new Policy(m.policy().label(), true, p50, p95, max, Math.round(1000 * m.utilization()) / 10.0,
                Math.round(1000 * m.use().utilizationWhileArriving()) / 10.0, hours(m.makespanSeconds()), m.evictions(),
                hours(m.largestFloors().p95Seconds()));
    }

    /** Hours to two decimals, as the text report prints them. */
    static double hours(double seconds) {
        return Math.round(seconds / 36.0) / 100.0;
    }

    private static String heading(Comparison c) {
        Demand d = c.demand();
        return String.format(Locale.ROOT, "%s, %s estimates: %,d jobs on %,d GPUs, offered load %.2f over %.1f h",
                d.name(), c.estimates().label(), d.jobs().size(), d.clusterGpus(), d.offeredLoad(),
                d.arrivalSpanSeconds() / 3600.0);
    }

    private static String policies(List<Comparison> comparisons) {
        return String.join(", ", comparisons.stream().flatMap(c -> c.results().stream()).map(r -> r.policy().label())
                .distinct().toList());
    }

    private static String section(Comparison c, Study s) {
        String id = s.id();
        StringBuilder b = new StringBuilder();
        b.append("<section id=\"").append(id).append("\">\n  <h2>").append(SelfContainedPage.escape(s.heading()))
                .append("</h2>\n  <p class=\"note\">").append(SelfContainedPage.escape(c.demand().description()))
                .append(". ").append(SelfContainedPage.escape(c.estimates().description())).append(".")
                .append(SelfContainedPage.escape(ratios(c))).append("</p>\n");
        b.append("  <h3>p95 wait by gang size</h3>\n  <div class=\"chart\" id=\"chart-").append(id).append("-p95\"></div>\n");
        b.append("  <h3>Median (p50) wait by gang size</h3>\n  <div class=\"chart\" id=\"chart-").append(id).append("-p50\"></div>\n");
        b.append("  <h3>GPU utilization and makespan</h3>\n  <div class=\"chart\" id=\"chart-").append(id).append("-totals\"></div>\n");
        b.append("  <div class=\"scroll\">").append(table(c, s)).append("</div>\n</section>\n");
        return b.toString();
    }

    /** The largest gangs' p95 under BestEffortFIFO over each other policy's, as the text report says it. */
    private static String ratios(Comparison c) {
        if (c.measured(QueuePolicy.BEST_EFFORT_FIFO).isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        List<String> bounds = new ArrayList<>();
        for (PolicyResult r : c.results()) {
            if (r.policy() == QueuePolicy.BEST_EFFORT_FIFO) {
                continue;
            }
            Optional<Double> ratio = c.largestClassP95Ratio(QueuePolicy.BEST_EFFORT_FIFO, r.policy());
            ratio.ifPresent(x -> parts.add(String.format(Locale.ROOT, "%s %.2fx", r.policy().label(), x)));
            Optional<Double> bound = c.largestClassP95Bound(QueuePolicy.BEST_EFFORT_FIFO, r.policy());
            bound.ifPresent(x -> bounds.add(String.format(Locale.ROOT, "%s %.2fx", r.policy().label(), x)));
        }
        return (parts.isEmpty() ? "" : " The largest gangs' p95 wait, BestEffortFIFO's over: " + String.join(", ", parts) + ".")
                + (bounds.isEmpty() ? "" : " At most, from each run's own states (its largest gangs' p95 floor: the soonest"
                        + " they could have started from what ran at their creation): " + String.join(", ", bounds) + ".");
    }

    private static String table(Comparison c, Study s) {
        HtmlTable t = new HtmlTable("table-" + s.id(), List.of("policy", "GPUs", "p50 (h)", "p95 (h)", "max (h)",
                "GPU utilization", "while arriving", "makespan (h)", "evictions", "largest gangs' p95 floor (h)"));
        for (Policy p : s.policies()) {
            if (!p.measured()) {
                t.row(p.label(), "-", "not available", null, null, null, null, null, null, null);
                continue;
            }
            for (int i = 0; i < s.classes().size(); i++) {
                boolean largest = s.classes().get(i).equals(s.largestClass());
                t.row(p.label(), s.classes().get(i), text(p.p50Hours().get(i)), text(p.p95Hours().get(i)),
                        text(p.maxHours().get(i)), i == 0 ? String.format(Locale.ROOT, "%.1f %%", p.utilizationPercent()) : null,
                        i == 0 ? String.format(Locale.ROOT, "%.1f %%", p.utilizationWhileArrivingPercent()) : null,
                        i == 0 ? text(p.makespanHours()) : null, i == 0 ? String.valueOf(p.evictions()) : null,
                        largest ? text(p.largestFloorP95Hours()) : null);
            }
        }
        return t.html();
    }

    private static String text(Double hours) {
        return hours == null ? null : String.format(Locale.ROOT, "%.2f", hours);
    }
}
