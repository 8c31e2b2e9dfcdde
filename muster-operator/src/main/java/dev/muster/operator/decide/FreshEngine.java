package dev.muster.operator.decide;

import dev.muster.api.cluster.ClusterCapacity;
import dev.muster.api.cluster.ClusterNodes;
import dev.muster.api.scenario.EngineSettings;
import dev.muster.api.scenario.Scenario;
import dev.muster.core.engine.Engine;
import dev.muster.core.engine.EngineSetup;
import dev.muster.core.placement.NodeSpec;
import dev.muster.operator.config.ClusterConfiguration;
import java.util.List;
import java.util.Map;

/**
 * An engine with nothing in it yet, built from a configuration and the nodes as the decider sees
 * them: the one the decider runs when the configuration changes, and the copy of the present a
 * forecast runs forward ({@link PresentCopy}). One recipe, so the two cannot differ.
 *
 * @param capacity the cluster capacity the engine was built with (what KAI divides among its queues)
 */
record FreshEngine(Engine engine, Map<String, Long> capacity) {

    static FreshEngine of(ClusterConfiguration configuration, PodScheduling scheduling) {
        Scenario s = configuration.scenario();
        boolean places = scheduling.placesPods();
        List<NodeSpec> nodes = places ? scheduling.nodeSpecs() : ClusterNodes.of(s);
        // KAI divides what the nodes declare, not what other schedulers' pods leave free at this moment.
        Map<String, Long> capacity = places ? scheduling.declaredCapacity() : ClusterCapacity.of(nodes);
        Engine engine = new Engine(EngineSetup.kueue(s.clusterQueues(), s.cohorts(), s.localQueues(), s.namespaces(),
                EngineSettings.from(s)).withKai(s.kaiQueues(), capacity).withNodes(places ? nodes : List.of(), s.flavors()));
        if (places) {
            engine.placeOnNodes(); // even before the first node: a gang waits for nodes, it does not run nowhere
        }
        return new FreshEngine(engine, capacity);
    }
}
