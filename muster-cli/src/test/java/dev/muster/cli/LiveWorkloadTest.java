package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Kueue Workload objects, written by hand as Muster's operator writes them (QuotaReserved=False
 * with Kueue's reason code, the forecast annotations), turned into {@code muster explain}'s answer.
 */
class LiveWorkloadTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** 2026-11-26T16:00:00Z, the instant these tests explain at. */
    private static final Instant NOW = Instant.parse("2026-11-26T16:00:00Z");

    /** A Workload of Job team-b/sweep in LocalQueue ml; {@code extraMeta} and {@code status} are JSON fragments. */
    private static JsonNode workload(String extraMeta, String status) throws Exception {
        return JSON.readTree("""
                {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "Workload",
                 "metadata": {"name": "job-sweep-3c2f1", "namespace": "team-b",
                   "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": "sweep", "uid": "u1", "controller": true}]
                   %s},
                 "spec": {"queueName": "ml", "priority": 0, "podSets": []},
                 "status": %s}
                """.formatted(extraMeta, status));
    }

    private static final String WAITING_FOR_QUOTA = """
            {"conditions": [{"type": "QuotaReserved", "status": "False", "reason": "WaitingForQuota",
              "message": "couldn't assign flavors to pod set main: insufficient quota for nvidia.com/gpu in flavor a100",
              "lastTransitionTime": "2026-11-26T15:50:00Z"}]}""";

    private static String annotations(String admission, String basis) {
        return ", \"annotations\": {\"muster.dev/expected-admission\": \"" + admission
                + "\", \"muster.dev/expected-admission-basis\": \"" + basis + "\"}";
    }

    @Test
    void aWaitingWorkloadGivesItsReasonItsJobAndTheOperatorsForecast() throws Exception {
        LiveWorkload w = LiveWorkload.of(workload(annotations("2026-11-26T16:14:05Z",
                "when team-a/pretrain finishes (expected to run 30m, its muster.dev/expected-runtime annotation)"),
                WAITING_FOR_QUOTA));

        assertThat(w.pending()).isTrue();
        assertThat(w.localQueue()).isEqualTo("ml");
        Explanation.Waiting waiting = w.waiting("team-b", new QueuePosition(2, 1));

        assertThat(waiting.kind()).isEqualTo("Job");
        assertThat(waiting.namespace()).isEqualTo("team-b");
        assertThat(waiting.name()).isEqualTo("sweep");
        assertThat(waiting.workload()).isEqualTo("job-sweep-3c2f1");
        assertThat(waiting.queue()).isEqualTo("team-b");
        assertThat(waiting.reason()).isEqualTo("WaitingForQuota");
        assertThat(waiting.message()).startsWith("couldn't assign flavors to pod set main");
        assertThat(waiting.positionInClusterQueue()).isEqualTo(2);
        assertThat(waiting.positionInLocalQueue()).isEqualTo(1);
        assertThat(waiting.forecastAdmitAt()).isEqualTo("2026-11-26T16:14:05Z");
        assertThat(waiting.forecastAdmitAtSeconds()).isEqualTo(Instant.parse("2026-11-26T16:14:05Z").getEpochSecond());
        assertThat(waiting.forecastBasis()).startsWith("when team-a/pretrain finishes");

        String text = text(Explanation.live(NOW, List.of(waiting), List.of()));
        assertThat(text).startsWith("1 workload waiting at 2026-11-26T16:00:00Z.")
                .contains("team-b/sweep (Job), queue team-b, Workload job-sweep-3c2f1",
                        "  why:   WaitingForQuota: couldn't assign flavors to pod set main",
                        "  where: 2 ahead of it in its ClusterQueue, 1 in its LocalQueue",
                        // 16:14:05 - 16:00:00 = 14m5s
                        "  when:  at 2026-11-26T16:14:05Z (+14m5s from now), when team-a/pretrain finishes",
                        "The forecast assumes: no new workloads arrive");
    }

    @Test
    void aMalformedForecastIsSaidAsSuchAndTheRestStands() throws Exception {
        LiveWorkload w = LiveWorkload.of(workload(annotations("in ten minutes", "when team-a/pretrain finishes"),
                WAITING_FOR_QUOTA));

        Explanation.Waiting waiting = w.waiting("team-b", null);

        assertThat(waiting.forecastAdmitAtSeconds()).isNull();
        assertThat(waiting.forecastAdmitAt()).isNull();
        assertThat(waiting.forecastBasis()).isEqualTo("no forecast: its muster.dev/expected-admission annotation"
                + " \"in ten minutes\" is not an RFC 3339 time (its basis: when team-a/pretrain finishes)");
        assertThat(waiting.reason()).isEqualTo("WaitingForQuota");
        String text = text(Explanation.live(NOW, List.of(waiting), List.of()));
        assertThat(text).contains("  when:  no forecast: its muster.dev/expected-admission annotation \"in ten minutes\"")
                .doesNotContain("where:", "The forecast assumes");
    }

    @Test
    void aBasisWithoutATimeIsAForecastThatDoesNotAdmitIt() throws Exception {
        LiveWorkload w = LiveWorkload.of(workload(", \"annotations\": {\"muster.dev/expected-admission-basis\":"
                + " \"not within the forecast: it needs 16 nvidia.com/gpu, the cohort has 12\"}", WAITING_FOR_QUOTA));

        Explanation.Waiting waiting = w.waiting("team-b", null);

        assertThat(waiting.forecastAdmitAtSeconds()).isNull();
        assertThat(waiting.forecastBasis()).isEqualTo("not within the forecast: it needs 16 nvidia.com/gpu, the cohort has 12");
    }

    @Test
    void aWorkloadNoControllerHasLookedAtWaitsWithoutReasonOrForecast() throws Exception {
        LiveWorkload w = LiveWorkload.of(workload("", "{}"));

        assertThat(w.pending()).isTrue();
        Explanation.Waiting waiting = w.waiting(null, null);

        assertThat(waiting.reason()).isNull();
        assertThat(waiting.message()).isEqualTo(LiveWorkload.NO_CONDITION);
        // no ClusterQueue known: its LocalQueue stands in
        assertThat(waiting.queue()).isEqualTo("ml");
        assertThat(waiting.forecastBasis()).isEqualTo(LiveForecast.NONE);
        assertThat(text(Explanation.live(NOW, List.of(waiting), List.of())))
                .contains("  why:   no QuotaReserved condition yet", "  when:  no forecast (the operator has not written one yet,");
    }

    @Test
    void aWorkloadHoldingQuotaOrFinishedDoesNotWait() throws Exception {
        LiveWorkload reserved = LiveWorkload.of(workload("", """
                {"conditions": [{"type": "QuotaReserved", "status": "True", "reason": "QuotaReserved", "message": "ok"},
                                {"type": "Admitted", "status": "True", "reason": "Admitted", "message": "ok"}],
                 "admission": {"clusterQueue": "team-b", "podSetAssignments": []}}"""));
        // a finished Workload keeps QuotaReserved=False after its quota is released; it still does not wait
        LiveWorkload finished = LiveWorkload.of(workload("", """
                {"conditions": [{"type": "QuotaReserved", "status": "False", "reason": "Pending", "message": "released"},
                                {"type": "Finished", "status": "True", "reason": "Succeeded", "message": "done"}]}"""));

        assertThat(reserved.pending()).isFalse();
        assertThat(reserved.state()).isEqualTo(LiveWorkload.State.QUOTA_RESERVED);
        assertThat(reserved.admittedClusterQueue()).isEqualTo("team-b");
        assertThat(finished.pending()).isFalse();
        assertThat(finished.state()).isEqualTo(LiveWorkload.State.FINISHED);
    }

    @Test
    void aWorkloadIsNamedByItsJobOrItsOwnName() throws Exception {
        LiveWorkload w = LiveWorkload.of(workload("", WAITING_FOR_QUOTA));

        assertThat(w.isNamed("team-b/sweep")).isTrue();
        assertThat(w.isNamed("sweep")).isTrue();
        assertThat(w.isNamed("team-b/job-sweep-3c2f1")).isTrue();
        assertThat(w.isNamed("team-a/sweep")).isFalse();
        assertThat(w.isNamed("swee")).isFalse();
    }

    @Test
    void aWorkloadWithoutOwnerIsItsOwnJob() throws Exception {
        JsonNode standalone = JSON.readTree("""
                {"metadata": {"name": "hand-made", "namespace": "team-a"}, "spec": {"queueName": "ml"}}""");

        Explanation.Waiting waiting = LiveWorkload.of(standalone).waiting("team-a", null);

        assertThat(waiting.kind()).isEqualTo("Workload");
        assertThat(waiting.name()).isEqualTo("hand-made");
        // the name line does not repeat a Workload's own name
        assertThat(text(Explanation.live(NOW, List.of(waiting), List.of()))).contains("team-a/hand-made (Workload), queue team-a\n");
    }

    @Test
    void anObjectWithoutNameIsRejectedNamingTheField() throws Exception {
        assertThatThrownBy(() -> LiveWorkload.of(JSON.readTree("{\"metadata\": {\"namespace\": \"x\"}}")))
                .hasMessage("a Workload without metadata.name");
    }

    @Test
    void aForecastAlreadyPastIsSaidAsAgo() throws Exception {
        Explanation.Waiting waiting = LiveWorkload.of(workload(annotations("2026-11-26T15:58:30Z", "when x finishes"),
                WAITING_FOR_QUOTA)).waiting("team-b", null);

        // 16:00:00 - 15:58:30 = 1m30s
        assertThat(text(Explanation.live(NOW, List.of(waiting), List.of())))
                .contains("  when:  at 2026-11-26T15:58:30Z (1m30s ago), when x finishes");
    }

    @Test
    void theClusterIsListedByClusterQueueThenPositionThenName() {
        Explanation e = Explanation.live(NOW, List.of(
                waiting("b", "late", "team-b", 1), waiting("a", "unknown", "team-b", null), waiting("c", "first", "team-b", 0),
                waiting("z", "other-queue", "team-a", 5), waiting("a", "no-queue", null, null)), List.of("a note"));

        assertThat(e.waiting()).extracting(Explanation.Waiting::name)
                .containsExactly("other-queue", "first", "late", "unknown", "no-queue");
        assertThat(e.atSeconds()).isEqualTo(NOW.getEpochSecond());
        assertThat(e.at()).isEqualTo("2026-11-26T16:00:00Z");
        assertThat(e.source()).isEqualTo(Explanation.CLUSTER);
        assertThat(text(e)).startsWith("a note\n5 workloads waiting at 2026-11-26T16:00:00Z.");
    }

    private static Explanation.Waiting waiting(String namespace, String name, String queue, Integer position) {
        return new Explanation.Waiting("Job", namespace, name, "job-" + name, queue, "Pending", "m", position, position,
                List.of(), null, null, LiveForecast.NONE);
    }

    private static String text(Explanation e) {
        StringWriter out = new StringWriter();
        e.writeText(new PrintWriter(out, true));
        return out.toString();
    }
}
