package dev.muster.bench.kueue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.bench.kueue.GeneratorConfig.QueuesSet;
import dev.muster.bench.kueue.GeneratorConfig.WorkloadTemplate;
import dev.muster.bench.kueue.GeneratorConfig.WorkloadsSet;
import dev.muster.core.model.ClusterQueuePolicies.ReclaimWithinCohort;
import dev.muster.core.model.ClusterQueuePolicies.WithinClusterQueue;
import dev.muster.core.quantity.Quantity;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GeneratorConfigTest {

    @Test
    void readsKueuesBaselineConfig() {
        GeneratorConfig g = PerfShape.bundled("baseline").generator();

        assertThat(g.cohortCount()).isEqualTo(5);
        assertThat(g.clusterQueueCount()).isEqualTo(30);
        assertThat(g.workloadCount()).isEqualTo(15_000);
        assertThat(g.cohorts()).singleElement().satisfies(cs -> {
            assertThat(cs.className()).isEqualTo("cohort");
            assertThat(cs.count()).isEqualTo(5);
        });
        QueuesSet q = g.cohorts().get(0).queuesSets().get(0);
        assertThat(q.className()).isEqualTo("cq");
        assertThat(q.count()).isEqualTo(6);
        assertThat(q.nominalQuota()).isEqualTo(Quantity.ofUnits(20));
        assertThat(q.borrowingLimit()).contains(Quantity.ofUnits(100));
        assertThat(q.reclaimWithinCohort()).isEqualTo(ReclaimWithinCohort.ANY);
        assertThat(q.withinClusterQueue()).isEqualTo(WithinClusterQueue.LOWER_PRIORITY);
        assertThat(q.workloadsSets()).containsExactly(
                new WorkloadsSet(350, 100, List.of(new WorkloadTemplate("small", 200, 50, Quantity.ofUnits(1), 1))),
                new WorkloadsSet(100, 500, List.of(new WorkloadTemplate("medium", 500, 100, Quantity.ofUnits(5), 1))),
                new WorkloadsSet(50, 1200, List.of(new WorkloadTemplate("large", 1000, 200, Quantity.ofUnits(20), 1))));
    }

    @Test
    void readsKueuesLargeScaleConfig() {
        GeneratorConfig g = PerfShape.bundled("large-scale").generator();

        assertThat(g.cohortCount()).isEqualTo(10);
        assertThat(g.clusterQueueCount()).isEqualTo(1_000);
        assertThat(g.workloadCount()).isEqualTo(50_000);
        assertThat(g.cohorts().get(0).queuesSets().get(0).workloadsSets())
                .extracting(WorkloadsSet::count, WorkloadsSet::creationIntervalMs)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(35, 60L), org.assertj.core.groups.Tuple.tuple(11, 300L),
                        org.assertj.core.groups.Tuple.tuple(4, 700L));
    }

    @Test
    void defaultsAndDigitSeparators() {
        GeneratorConfig g = GeneratorConfig.parse("""
                cohorts:
                - className: c
                  count: 1
                  queuesSets:
                  - className: q
                    count: 2
                    nominalQuota: 1500m
                    workloadsSets:
                    - count: 1_000
                      creationIntervalMs: 10
                      workloads:
                      - {className: a, runtimeMs: 5, priority: -1, request: "250m"}
                      - {className: b, runtimeMs: 5, priority: 0, request: 2, podCount: 3}
                """, "test");

        QueuesSet q = g.cohorts().get(0).queuesSets().get(0);
        assertThat(q.nominalQuota()).isEqualTo(Quantity.ofMilli(1500));
        assertThat(q.borrowingLimit()).isEqualTo(Optional.empty());
        assertThat(q.reclaimWithinCohort()).isEqualTo(ReclaimWithinCohort.NEVER);
        assertThat(q.withinClusterQueue()).isEqualTo(WithinClusterQueue.NEVER);
        WorkloadsSet set = q.workloadsSets().get(0);
        assertThat(set.count()).isEqualTo(1000);
        assertThat(set.size()).isEqualTo(2000);
        assertThat(set.workloads()).containsExactly(
                new WorkloadTemplate("a", 5, -1, Quantity.ofMilli(250), 1),
                new WorkloadTemplate("b", 5, 0, Quantity.ofUnits(2), 3));
        assertThat(g.workloadCount()).isEqualTo(4000);
    }

    @Test
    void errorsNameTheField() {
        assertThatThrownBy(() -> GeneratorConfig.parse("""
                cohorts:
                - className: c
                  count: 1
                  queuesSets:
                  - {className: q, count: 1, nominalQuota: twenty}
                """, "g.yaml"))
                .isInstanceOf(GeneratorConfigException.class)
                .hasMessageStartingWith("g.yaml: cohorts[0].queuesSets[0].nominalQuota: ");
        assertThatThrownBy(() -> GeneratorConfig.parse("""
                cohorts:
                - className: c
                  count: 1
                  queuesSets:
                  - {className: q, count: 1, nominalQuota: 1, borrowLimit: 2}
                """, "g.yaml"))
                .hasMessageStartingWith("g.yaml: cohorts[0].queuesSets[0].borrowLimit: unknown field");
        assertThatThrownBy(() -> GeneratorConfig.parse("""
                cohorts:
                - className: c
                  count: 1
                  queuesSets:
                  - {className: q, count: 1, nominalQuota: 1, reclaimWithinCohort: Sometimes}
                """, "g.yaml"))
                .hasMessageContaining("reclaimWithinCohort: \"Sometimes\" is not one of Never, LowerPriority, Any");
        assertThatThrownBy(() -> GeneratorConfig.parse("cohorts: []", "g.yaml"))
                .hasMessageContaining("at least one cohort set");
        assertThatThrownBy(() -> GeneratorConfig.parse("cohorts: [", "g.yaml"))
                .hasMessageStartingWith("g.yaml: not valid YAML");
    }

    @Test
    void refusesTopologyAwareShapes() {
        assertThatThrownBy(() -> GeneratorConfig.parse("""
                topology: {name: t}
                cohorts:
                - {className: c, count: 1, queuesSets: [{className: q, count: 1, nominalQuota: 1}]}
                """, "tas.yaml"))
                .isInstanceOf(GeneratorConfigException.class)
                .hasMessageContaining("topology: topology-aware (TAS)");
    }
}
