package dev.muster.bench.kueue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.bench.kueue.GeneratedCluster.ArrivalStream;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import org.junit.jupiter.api.Test;

class GeneratedClusterTest {

    @Test
    void namesAndQuotasFollowKueuesGenerator() {
        GeneratedCluster c = new GeneratedCluster(PerfShape.bundled("baseline").generator());

        assertThat(c.cohorts()).containsExactly("cohort-0", "cohort-1", "cohort-2", "cohort-3", "cohort-4");
        assertThat(c.queues()).hasSize(30);
        assertThat(c.queues().get(0).name()).isEqualTo("cq-0-0-cohort-0");
        assertThat(c.queues().get(29).name()).isEqualTo("cq-0-5-cohort-4");
        assertThat(c.workloadCount()).isEqualTo(15_000);
        assertThat(c.workloadClasses()).containsExactly("small", "medium", "large");
        assertThat(c.queueClasses()).containsExactly("cq");

        var spec = c.queues().get(7).spec();
        assertThat(spec.cohort()).contains("cohort-1");
        var quota = spec.resourceGroups().get(0).flavors().get(0);
        assertThat(quota.flavor()).isEqualTo("rf");
        assertThat(quota.resources().get(0).resource()).isEqualTo("cpu");
        assertThat(quota.resources().get(0).nominal()).isEqualTo(Quantity.ofUnits(20));
        assertThat(quota.resources().get(0).borrowingLimit()).contains(Quantity.ofUnits(100));
        assertThat(spec.policies().preemption().reclaimWithinCohort()).isEqualTo(ClusterQueuePolicies.ReclaimWithinCohort.ANY);
        assertThat(spec.policies().preemption().withinClusterQueue())
                .isEqualTo(ClusterQueuePolicies.WithinClusterQueue.LOWER_PRIORITY);
        assertThat(c.localQueues().get(7).key()).isEqualTo(new ObjectKey("cq-0-1-cohort-1", "cq-0-1-cohort-1"));
        assertThat(c.localQueues().get(7).clusterQueue()).isEqualTo("cq-0-1-cohort-1");

        GeneratedCluster off = new GeneratedCluster(PerfShape.bundled("baseline").generator(), false);
        assertThat(off.queues().get(7).spec().policies().preemption())
                .isEqualTo(ClusterQueuePolicies.Preemption.DEFAULT);
    }

    @Test
    void workloadsAreCreatedOneIntervalApartStartingAfterTheFirstInterval() {
        GeneratorConfig g = GeneratorConfig.parse("""
                cohorts:
                - className: co
                  count: 1
                  queuesSets:
                  - className: q
                    count: 1
                    nominalQuota: 4
                    workloadsSets:
                    - count: 2
                      creationIntervalMs: 100
                      workloads:
                      - {className: a, runtimeMs: 5, priority: 7, request: 1}
                      - {className: b, runtimeMs: 6, priority: 8, request: 2, podCount: 2}
                """, "test");
        ArrivalStream s = new GeneratedCluster(g).streams().get(0);

        assertThat(s.size()).isEqualTo(4);
        assertThat(List.of(s.arrivalMillis(0), s.arrivalMillis(1), s.arrivalMillis(2), s.arrivalMillis(3)))
                .containsExactly(100L, 200L, 300L, 400L);
        assertThat(List.of(s.workloadName(0), s.workloadName(1), s.workloadName(2), s.workloadName(3)))
                .containsExactly("a-0-0-0", "b-0-0-1", "a-0-1-0", "b-0-1-1");
        Workload w = s.workload(1, 42);
        assertThat(w.key()).isEqualTo(new ObjectKey("q-0-0-co-0", "b-0-0-1"));
        assertThat(w.queueName()).isEqualTo("q-0-0-co-0");
        assertThat(w.priority()).isEqualTo(8);
        assertThat(w.createdMillis()).isEqualTo(200);
        assertThat(w.sequence()).isEqualTo(42);
        assertThat(w.podSets()).singleElement().satisfies(ps -> {
            assertThat(ps.count()).isEqualTo(2);
            assertThat(ps.minCount()).isEqualTo(2);
            assertThat(ps.perPod().get("cpu")).isEqualTo(Quantity.ofUnits(2));
        });
        assertThat(s.requestMilli(1)).isEqualTo(4000);
    }
}
