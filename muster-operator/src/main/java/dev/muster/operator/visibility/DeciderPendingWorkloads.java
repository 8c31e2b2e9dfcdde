package dev.muster.operator.visibility;

import dev.muster.core.engine.Engine;
import dev.muster.core.explain.QueuePositions;
import dev.muster.operator.decide.Decider;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The pending workloads of the leader's engine, asked on the decider's thread (so the answer is
 * the queues as they are between two cycles, never half way through one).
 */
public final class DeciderPendingWorkloads implements PendingWorkloadsSource {

    private final Supplier<Optional<Decider>> decider;

    /** @param decider the decider of the current leadership, empty while this replica does not lead */
    public DeciderPendingWorkloads(Supplier<Optional<Decider>> decider) {
        this.decider = decider;
    }

    @Override
    public QueueLookup clusterQueue(String name) {
        return ask(engine -> engine.queuePositions(name).<QueueLookup>map(QueueLookup.Found::new)
                .orElseGet(QueueLookup.NotFound::new));
    }

    @Override
    public QueueLookup localQueue(String namespace, String name) {
        // Kueue: a LocalQueue whose ClusterQueue does not exist lists nothing (its PendingWorkloadsInfo is nil).
        return ask(engine -> engine.clusterQueueOfLocalQueue(namespace, name)
                .<QueueLookup>map(cq -> new QueueLookup.Found(engine.queuePositions(cq)
                        .orElseGet(() -> new QueuePositions(cq, List.of()))))
                .orElseGet(QueueLookup.NotFound::new));
    }

    private QueueLookup ask(Function<Engine, QueueLookup> question) {
        Optional<Decider> d = decider.get();
        if (d.isEmpty()) {
            return new QueueLookup.Unavailable("this replica of Muster does not lead; the leader answers");
        }
        return d.get().read(question).orElseGet(() -> new QueueLookup.Unavailable(
                d.get().notReady().map(why -> "Muster has no valid configuration: " + why)
                        .orElse("Muster's decider did not answer in time")));
    }
}
