package dev.muster.bench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The collector is read from the names HotSpot gives its memory managers, and the report says when it is not the users'. */
class JvmCollectorTest {

    @Test
    void theParallelCollectorIsTheOneMusterRunUses() {
        JvmCollector c = JvmCollector.of(List.of("PS Scavenge", "PS MarkSweep"));

        assertThat(c.name()).isEqualTo("parallel");
        assertThat(c.asMusterRun()).isTrue();
        assertThat(c.describe()).isEqualTo("the parallel collector, as ./muster run and deploy/ start the operator");
    }

    @Test
    void anyOtherCollectorIsNamedWithTheOptionThatGivesTheUsersOne() {
        assertThat(JvmCollector.of(List.of("G1 Young Generation", "G1 Concurrent GC", "G1 Old Generation")).name())
                .isEqualTo("G1");
        assertThat(JvmCollector.of(List.of("Copy", "MarkSweepCompact")).name()).isEqualTo("serial");
        assertThat(JvmCollector.of(List.of("ZGC Minor Cycles", "ZGC Major Pauses")).name()).isEqualTo("ZGC");
        assertThat(JvmCollector.of(List.of("Shenandoah Pauses", "Shenandoah Cycles")).name()).isEqualTo("Shenandoah");
        assertThat(JvmCollector.of(List.of("Epsilon Heap")).name()).isEqualTo("Epsilon Heap");
        assertThat(JvmCollector.of(List.of()).name()).isEqualTo("unknown");

        JvmCollector g1 = JvmCollector.of(List.of("G1 Young Generation"));
        assertThat(g1.asMusterRun()).isFalse();
        assertThat(g1.describe()).startsWith("the G1 collector -- ").contains("add -XX:+UseParallelGC");
    }

    @Test
    void thisJvmsCollectorIsKnown() {
        assertThat(JvmCollector.current().name()).isIn("parallel", "G1", "serial", "ZGC", "Shenandoah");
    }
}
