package dev.muster.operator.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.api.scenario.WorkloadSource;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The queues, flavors, priority classes, namespaces and nodes of the cluster, read by the same
 * readers as a scenario's files: a bad object is refused with the same message naming the object
 * and the field, and the whole configuration is refused with it (nothing is half applied).
 */
public final class ClusterConfiguration {

    private final Map<String, String> documents;
    private final Scenario scenario;

    private ClusterConfiguration(Map<String, String> documents, Scenario scenario) {
        this.documents = documents;
        this.scenario = scenario;
    }

    /** Reads live configuration objects; they are taken in name order, so the result does not depend on watch order. */
    public static ClusterConfiguration of(Collection<JsonNode> liveObjects) throws ManifestException {
        Map<String, String> documents = new TreeMap<>();
        for (JsonNode o : liveObjects) {
            documents.put(LiveManifests.origin(o), LiveManifests.yaml(LiveManifests.manifest(o)));
        }
        return new ClusterConfiguration(documents, ScenarioLoader.load(new LinkedHashMap<>(documents), ScenarioLoader.DEFAULT_SEED));
    }

    public Scenario scenario() {
        return scenario;
    }

    /**
     * A job as the engine sees it: its pod sets, queue and priority, resolved against this
     * configuration (a queue that does not exist, or a priority class that is not declared, is an
     * error naming the job and the field).
     */
    public WorkloadSource workload(JsonNode liveJob) throws ManifestException {
        Map<String, String> texts = new LinkedHashMap<>(documents);
        texts.put(LiveManifests.origin(liveJob), LiveManifests.yaml(LiveManifests.manifest(liveJob)));
        Scenario withJob = ScenarioLoader.load(texts, ScenarioLoader.DEFAULT_SEED);
        return withJob.workloads().get(0);
    }
}
