package dev.muster.operator.decide;

import dev.muster.core.engine.Engine;
import dev.muster.operator.config.ClusterConfiguration;
import java.util.Map;
import java.util.Optional;

/**
 * The configuration in force and the engine built from it, shared by the decider's parts (all on
 * its thread). Neither exists before the first configuration is read; a refused configuration
 * leaves the previous ones in force and says why.
 */
final class InForce {

    private volatile ClusterConfiguration configuration; // read by health checks on other threads
    private Engine engine;
    /** The cluster capacity the engine was built with (what KAI divides among its queues). */
    private Map<String, Long> capacity = Map.of();
    private volatile String refusal = "no configuration read yet";

    ClusterConfiguration configuration() {
        return configuration;
    }

    /** The engine, or null before the first configuration. */
    Engine engine() {
        return engine;
    }

    boolean hasEngine() {
        return engine != null;
    }

    Map<String, Long> capacity() {
        return capacity;
    }

    void replace(ClusterConfiguration nextConfiguration, Engine nextEngine, Map<String, Long> nextCapacity) {
        configuration = nextConfiguration;
        engine = nextEngine;
        capacity = nextCapacity;
        refusal = "";
    }

    void refused(String why) {
        refusal = why;
    }

    /** Whether the decider runs with a valid configuration; otherwise why not. */
    Optional<String> notReady() {
        return configuration == null ? Optional.of(refusal) : Optional.empty();
    }
}
