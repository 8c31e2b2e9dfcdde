package dev.muster.operator.decide;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.model.ObjectKey;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The order in which a rebuilt engine (or the forecast's copy) takes the jobs in. */
class JobEntryOrderTest {

    private static TrackedJob job(String name, String created) {
        ObjectNode live = JsonNodeFactory.instance.objectNode();
        if (created != null) {
            live.putObject("metadata").put("creationTimestamp", created);
        }
        ObjectKey key = new ObjectKey("team", name);
        return new TrackedJob(1, null, key, key, live, t -> { });
    }

    @Test
    void jobsAreSortedByCreationTimeThenByKey() {
        List<TrackedJob> jobs = new ArrayList<>(List.of(
                job("late", "2026-11-27T10:00:05Z"),
                job("b-same", "2026-11-27T10:00:01Z"),
                job("early", "2026-11-27T09:59:59Z"),
                job("a-same", "2026-11-27T10:00:01Z"),
                // no readable time counts as 0, the earliest
                job("unreadable", "yesterday"),
                job("none", null)));

        JobEntry.sortInCreationOrder(jobs);

        assertThat(jobs).extracting(t -> t.key.name())
                .containsExactly("none", "unreadable", "early", "a-same", "b-same", "late");
    }
}
