package dev.muster.operator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.EventCorrelator.Outcome;
import org.junit.jupiter.api.Test;

/** Events are counted, combined and filtered as client-go's recorder does with its defaults (tools/record/events_cache.go). */
class EventCorrelatorTest {

    private static final ObjectKey JOB = new ObjectKey("team-a", "train");
    private final EventCorrelator correlator = new EventCorrelator(EventCorrelator.Settings.KUBE);

    private Outcome event(ObjectKey job, String reason, String message, long at) {
        return correlator.correlate(KubeKind.BATCH_JOB, job, "uid-" + job.name(), "Normal", reason, message, at);
    }

    @Test
    void theFirstEventIsANewEventNamedAfterItsObject() {
        Outcome o = event(JOB, "Admitted", "Admitted by ClusterQueue cq", 1_000);
        assertThat(o).isInstanceOf(Outcome.Create.class);
        KubeEvent e = ((Outcome.Create) o).event();
        assertThat(e.name()).startsWith("train.");
        assertThat(e.namespace()).isEqualTo("team-a");
        assertThat(e.count()).isEqualTo(1);
        assertThat(e.firstMillis()).isEqualTo(1_000);
    }

    @Test
    void theSameEventAgainIsCountedOnTheFirstOne() {
        KubeEvent first = ((Outcome.Create) event(JOB, "Admitted", "Admitted by ClusterQueue cq", 1_000)).event();
        Outcome again = event(JOB, "Admitted", "Admitted by ClusterQueue cq", 5_000);
        assertThat(again).isInstanceOf(Outcome.Update.class);
        KubeEvent e = ((Outcome.Update) again).event();
        assertThat(e.name()).isEqualTo(first.name());
        assertThat(e.count()).isEqualTo(2);
        assertThat(e.firstMillis()).isEqualTo(1_000);
        assertThat(e.lastMillis()).isEqualTo(5_000);
    }

    @Test
    void anotherMessageOrAnotherObjectIsANewEvent() {
        event(JOB, "Admitted", "Admitted by ClusterQueue cq", 1_000);
        assertThat(event(JOB, "Admitted", "Admitted by ClusterQueue other", 1_001)).isInstanceOf(Outcome.Create.class);
        assertThat(event(new ObjectKey("team-a", "eval"), "Admitted", "Admitted by ClusterQueue cq", 1_002))
                .isInstanceOf(Outcome.Create.class);
    }

    @Test
    void fromTheTenthMessageOfOneReasonWithinTenMinutesTheyAreCombinedIntoOneEvent() {
        for (int i = 1; i <= 9; i++) {
            assertThat(event(JOB, "Preempted", "preempted by job-" + i, i)).as("message %d", i).isInstanceOf(Outcome.Create.class);
        }
        Outcome tenth = event(JOB, "Preempted", "preempted by job-10", 10);
        assertThat(tenth).isInstanceOf(Outcome.Create.class);
        KubeEvent combined = ((Outcome.Create) tenth).event();
        assertThat(combined.message()).isEqualTo("(combined from similar events): preempted by job-10");
        Outcome eleventh = event(JOB, "Preempted", "preempted by job-11", 11);
        assertThat(eleventh).isInstanceOf(Outcome.Update.class);
        assertThat(((Outcome.Update) eleventh).event().name()).isEqualTo(combined.name());
        assertThat(((Outcome.Update) eleventh).event().message()).isEqualTo("(combined from similar events): preempted by job-11");
        assertThat(((Outcome.Update) eleventh).event().count()).isEqualTo(2);
        // Ten minutes later the similar ones are forgotten.
        assertThat(event(JOB, "Preempted", "preempted by job-12", 11 + 600_001)).isInstanceOf(Outcome.Create.class);
    }

    @Test
    void anObjectGetsTwentyFiveEventsAtOnceThenOneEveryFiveMinutes() {
        for (int i = 0; i < 25; i++) {
            assertThat(event(JOB, "Admitted", "Admitted by ClusterQueue cq", 1_000)).as("event %d", i)
                    .isNotInstanceOf(Outcome.Skip.class);
        }
        assertThat(event(JOB, "Admitted", "Admitted by ClusterQueue cq", 1_000)).isInstanceOf(Outcome.Skip.class);
        assertThat(event(new ObjectKey("team-a", "other"), "Admitted", "x", 1_000)).as("another object").isInstanceOf(Outcome.Create.class);
        assertThat(event(JOB, "Admitted", "Admitted by ClusterQueue cq", 1_000 + 299_000)).isInstanceOf(Outcome.Skip.class);
        Outcome refilled = event(JOB, "Admitted", "Admitted by ClusterQueue cq", 1_000 + 300_000);
        assertThat(refilled).isInstanceOf(Outcome.Update.class);
        assertThat(((Outcome.Update) refilled).event().count()).as("the skipped ones are counted too").isEqualTo(28);
    }
}
