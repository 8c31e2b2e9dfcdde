package dev.muster.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.admission.Decision;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmark's state is what it claims to be; no timing here (see docs/performance.md). */
class PendingBacklogTest {

    @Test
    void tenThousandPendingOverAThousandClusterQueuesOfWhichSomeFit() {
        PendingBacklog backlog = new PendingBacklog(100, 10, 10, 42);
        assertThat(backlog.clusterQueues()).isEqualTo(1_000);
        assertThat(backlog.pendingWorkloads()).isEqualTo(10_000);

        var engine = backlog.newEngine();
        assertThat(engine.clusterQueues()).allSatisfy(q -> assertThat(q.pendingCount()).isEqualTo(10));
        List<Decision> cycle = engine.schedule(PendingBacklog.NOW_MILLIS);

        long admitted = cycle.stream().filter(d -> d instanceof Decision.Admit).count();
        assertThat(admitted).isBetween(1_000L, 9_000L);
        assertThat(engine.admittedWorkloads()).hasSize((int) admitted);
        // a fresh engine starts from the same state
        assertThat(backlog.newEngine().schedule(PendingBacklog.NOW_MILLIS)).isEqualTo(cycle);
    }
}
