package dev.muster.sim.expect;

import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.QuantityFormatException;
import dev.muster.sim.report.Report.QueueReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One key of a {@code queues[]} expectation (contract section 3). */
public sealed interface QueueCheck extends Check<QueueReport> {

    /**
     * {@code usage: {default-flavor: {cpu: "6"}}}: flavor → resource → quantity, a subset of the report's,
     * compared by value ({@code "1"} = {@code 1000m}, {@code 4Gi} = {@code 4294967296}).
     *
     * <p>A flavor or resource the report does not list counts as 0: the simulator may leave out what a
     * queue does not use, and {@code cpu: "0"} must then hold rather than fail on a missing key.
     */
    record Usage(Map<String, Map<String, ExpectedQuantity>> expected) implements QueueCheck {
        @Override
        public String key() {
            return "usage";
        }

        @Override
        public List<Difference> against(QueueReport queue) {
            Map<String, Map<String, String>> actual = queue.usage() == null ? Map.of() : queue.usage();
            List<Difference> differences = new ArrayList<>();
            expected.forEach((flavor, resources) -> resources.forEach((resource, quantity) -> {
                String path = key() + "." + flavor + "." + resource;
                String got = actual.getOrDefault(flavor, Map.of()).get(resource);
                if (got == null) {
                    if (!quantity.value().isZero()) {
                        differences.add(new Difference(path, quantity.text(), "0 (not in the report)"));
                    }
                    return;
                }
                try {
                    if (!Quantity.parse(got).equals(quantity.value())) {
                        differences.add(new Difference(path, quantity.text(), got));
                    }
                } catch (QuantityFormatException e) {
                    differences.add(new Difference(path, quantity.text(), got + " (not a quantity)"));
                }
            }));
            return differences;
        }
    }

    /**
     * {@code fairShare: {nvidia.com/gpu: "3"}}: a KAI queue's fair share, resource → quantity, compared
     * by value as a subset; a resource the report does not list counts as 0.
     */
    record FairShare(Map<String, ExpectedQuantity> expected) implements QueueCheck {
        @Override
        public String key() {
            return "fairShare";
        }

        @Override
        public List<Difference> against(QueueReport queue) {
            Map<String, String> actual = queue.fairShare() == null ? Map.of() : queue.fairShare();
            List<Difference> differences = new ArrayList<>();
            expected.forEach((resource, quantity) -> {
                String got = actual.get(resource);
                Quantity value = got == null ? Quantity.ZERO : Quantity.parse(got);
                if (!value.equals(quantity.value())) {
                    differences.add(new Difference(key() + "." + resource, quantity.text(), got == null ? "0 (not in the report)" : got));
                }
            });
            return differences;
        }
    }

    /** {@code admittedWorkloads: 2}. */
    record AdmittedWorkloads(int expected) implements QueueCheck {
        @Override
        public String key() {
            return "admittedWorkloads";
        }

        @Override
        public List<Difference> against(QueueReport queue) {
            return Difference.unlessEqual(key(), expected, queue.admittedWorkloads());
        }
    }

    /** {@code pendingWorkloads: 1}. */
    record PendingWorkloads(int expected) implements QueueCheck {
        @Override
        public String key() {
            return "pendingWorkloads";
        }

        @Override
        public List<Difference> against(QueueReport queue) {
            return Difference.unlessEqual(key(), expected, queue.pendingWorkloads());
        }
    }
}
