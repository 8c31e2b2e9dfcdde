package dev.muster.sim.expect;

import dev.muster.sim.report.Report.NodeReport;
import java.util.List;

/** One key of a {@code nodes[]} expectation, which must hold for every node of the selected pool. */
public sealed interface NodeCheck extends Check<NodeReport> {

    /** {@code addedAtSeconds: 60}, ±1 s. */
    record AddedAt(ExpectedTime expected) implements NodeCheck {
        @Override
        public String key() {
            return "addedAtSeconds";
        }

        @Override
        public List<Difference> against(NodeReport node) {
            return expected.against(key(), node.addedAtSeconds());
        }
    }

    /** {@code removedAtSeconds: 660}, ±1 s; {@code null}: still there at the end. */
    record RemovedAt(ExpectedTime expected) implements NodeCheck {
        @Override
        public String key() {
            return "removedAtSeconds";
        }

        @Override
        public List<Difference> against(NodeReport node) {
            return expected.against(key(), node.removedAtSeconds());
        }
    }

    /** {@code name: gpu-node-pool-0}. */
    record Name(String expected) implements NodeCheck {
        @Override
        public String key() {
            return "name";
        }

        @Override
        public List<Difference> against(NodeReport node) {
            return Difference.unlessEqual(key(), expected, node.name());
        }
    }
}
