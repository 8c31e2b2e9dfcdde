package dev.muster.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.sim.report.Report.EventReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Repeated events are counted as Kubernetes counts them (client-go's correlator defaults), but only
 * in a row on one object, so that the timeline stays a history.
 */
class TimelineTest {

    private static final String JOB = "RayJob/default/train";

    @Test
    void theSameEventAgainInARowIsCountedOnTheFirstWithItsLastTime() {
        Timeline t = new Timeline();
        t.add(0, JOB, "Normal", "Pending", "waiting for quota");
        t.add(5_000, JOB, "Normal", "Pending", "waiting for quota");
        t.add(9_000, JOB, "Normal", "Pending", "waiting for quota");

        assertThat(t.events()).containsExactly(
                new EventReport(0, JOB, "Normal", "Pending", "waiting for quota", 3, 9.0));
    }

    @Test
    void fromTheTenthDifferentMessageOfAReasonInARowTheRestAreCombinedIntoOneEvent() {
        Timeline t = new Timeline();
        for (int i = 1; i <= 25; i++) {
            t.add(i * 1_000L, JOB, "Normal", "Pending", "only " + i + " GPUs available");
        }

        List<EventReport> events = t.events();
        assertThat(events).hasSize(10); // nine messages as they came, then one combined line
        assertThat(events.get(8)).isEqualTo(new EventReport(9, JOB, "Normal", "Pending", "only 9 GPUs available"));
        assertThat(events.get(9)).isEqualTo(new EventReport(10, JOB, "Normal", "Pending",
                "(combined from similar events): only 25 GPUs available", 16, 25.0));
    }

    @Test
    void anotherReasonOrObjectInBetweenKeepsTheHistoryInOrder() {
        Timeline t = new Timeline();
        t.add(0, JOB, "Normal", "Suspended", "jobDeploymentStatus: Suspended");
        t.add(0, "Node/n1", "Normal", "NodeReady", "joined");
        t.add(10_000, JOB, "Normal", "Running", "jobDeploymentStatus: Running");
        t.add(20_000, JOB, "Normal", "Suspended", "jobDeploymentStatus: Suspended");

        assertThat(t.events()).extracting(EventReport::reason, EventReport::count)
                .containsExactly(tuple("Suspended", 1), tuple("NodeReady", 1),
                        tuple("Running", 1), tuple("Suspended", 1));
    }

    @Test
    void messagesThatComeBackAreCountedOnTheirFirstLineHoweverLate() {
        // a waiting workload whose numbers go back and forth as jobs finish: two lines, not one per change
        Timeline t = new Timeline();
        for (int i = 0; i < 6; i++) {
            t.add(i * 1_500_000L, JOB, "Normal", "Pending", i % 2 == 0 ? "only 1 GPU available" : "only 0 GPUs available");
        }

        assertThat(t.events()).containsExactly(
                new EventReport(0, JOB, "Normal", "Pending", "only 1 GPU available", 3, 6000.0),
                new EventReport(1500, JOB, "Normal", "Pending", "only 0 GPUs available", 3, 7500.0));
    }

    @Test
    void similarMessagesAreOnlyCombinedWhileEachComesWithinTenMinutesOfTheLast() {
        Timeline t = new Timeline();
        for (int i = 1; i <= 9; i++) {
            t.add(i * 1_000L, JOB, "Normal", "Pending", "message " + i);
        }
        t.add(9_000L + 600_001L, JOB, "Normal", "Pending", "message 10");

        assertThat(t.events()).hasSize(10).extracting(EventReport::message).doesNotContain(Timeline.COMBINED + "message 10");
    }
}
