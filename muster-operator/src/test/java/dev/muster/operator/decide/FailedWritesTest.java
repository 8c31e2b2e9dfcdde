package dev.muster.operator.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.NullNode;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.decide.FailedWrites.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Writes that failed are owed, tried again each cycle until done, and only those are looked at. */
class FailedWritesTest {

    private final FailedWrites failed = new FailedWrites();

    static TrackedJob job(long seq, String name) {
        ObjectKey key = new ObjectKey("default", name);
        return new TrackedJob(seq, null, key, key, NullNode.getInstance(), t -> { });
    }

    @Test
    void aWriteThatSucceedsIsNotOwed() {
        TrackedJob a = job(0, "a");
        failed.record(a, Write.START, true);
        assertThat(failed.isEmpty()).isTrue();
    }

    @Test
    void aFailedWriteIsTriedAgainUntilItSucceeds() {
        TrackedJob a = job(0, "a");
        failed.record(a, Write.START, false);
        List<String> attempts = new ArrayList<>();
        failed.retry((job, write) -> {
            attempts.add(job + " " + write);
            failed.record(job, write, false); // failed again
        });
        assertThat(failed.owes(a, Write.START)).as("still failing").isTrue();
        failed.retry((job, write) -> attempts.add(job + " " + write));
        assertThat(failed.isEmpty()).as("under way, and not told of a failure").isTrue();
        failed.retry((job, write) -> attempts.add("never"));
        assertThat(attempts).containsExactly("default/a START", "default/a START");
    }

    @Test
    void jobsAreTriedInTheOrderFirstSeenAndEachJobsWritesInOrder() {
        TrackedJob first = job(0, "first");
        TrackedJob second = job(1, "second");
        failed.record(second, Write.STOP, false);
        failed.record(first, Write.START, false);
        failed.record(first, Write.SUSPEND, false);
        List<String> attempts = new ArrayList<>();
        failed.retry((job, write) -> attempts.add(job.key.name() + " " + write));
        assertThat(attempts).containsExactly("first SUSPEND", "first START", "second STOP");
    }

    @Test
    void aWriteNoLongerDueOrOfAJobGoneIsDropped() {
        TrackedJob a = job(0, "a");
        TrackedJob b = job(1, "b");
        failed.record(a, Write.START, false);
        failed.record(a, Write.STOP, false);
        failed.record(b, Write.WORKLOAD, false);
        failed.settle(a, Write.START);
        failed.forget(b);
        Set<String> attempts = new java.util.TreeSet<>();
        failed.retry((job, write) -> attempts.add(job.key.name() + " " + write));
        assertThat(attempts).containsExactly("a STOP");
    }
}
