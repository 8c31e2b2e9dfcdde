package dev.muster.operator.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.manifest.ManifestDocument;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.api.scenario.SourceLocation;
import dev.muster.api.scenario.WorkloadSource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.model.ObjectKey;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The queues, flavors, priority classes, namespaces and nodes of the cluster, read by the same
 * readers as a scenario's files: a bad object is refused with the same message naming the object
 * and the field, and the whole configuration is refused with it (nothing is half applied). Used by
 * the decider's thread only.
 */
public final class ClusterConfiguration {

    /** The configuration's documents, parsed once: each job is read against them. */
    private final List<ManifestDocument> documents;
    private final Scenario scenario;
    /** Jobs read so far by their manifest without its name (at most {@value #SHAPES} of them, the oldest dropped). */
    private final Map<String, WorkloadSource> byShape = new java.util.LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, WorkloadSource> eldest) {
            return size() > SHAPES;
        }
    };
    private static final int SHAPES = 1_024;

    private ClusterConfiguration(List<ManifestDocument> documents, Scenario scenario) {
        this.documents = documents;
        this.scenario = scenario;
    }

    /** Reads live configuration objects; they are taken in name order, so the result does not depend on watch order. */
    public static ClusterConfiguration of(Collection<JsonNode> liveObjects) throws ManifestException {
        return of(liveObjects, Map.of());
    }

    /**
     * As {@link #of(Collection)}, with files read beside the live objects: Muster's configuration
     * ({@code muster run --config}), whose errors name the file.
     */
    public static ClusterConfiguration of(Collection<JsonNode> liveObjects, Map<String, String> files) throws ManifestException {
        // Files and live objects in name order: the result and its errors do not depend on watch order.
        Map<String, List<ManifestDocument>> byOrigin = new TreeMap<>();
        files.forEach((name, text) -> byOrigin.put(name, null));
        for (JsonNode o : liveObjects) {
            byOrigin.put(LiveManifests.origin(o), List.of(live(o, LiveManifests.manifest(o))));
        }
        Map<String, String> texts = new TreeMap<>(files);
        List<ManifestDocument> parsedFiles = ScenarioLoader.read(texts);
        List<ManifestDocument> documents = new java.util.ArrayList<>();
        byOrigin.forEach((origin, docs) -> documents.addAll(docs != null ? docs
                : parsedFiles.stream().filter(d -> d.file().equals(origin)).toList()));
        return new ClusterConfiguration(List.copyOf(documents), ScenarioLoader.loadDocuments(documents, ScenarioLoader.DEFAULT_SEED));
    }

    /** A live object as a document of its own, named as messages name it ({@code RayJob default/train}). */
    private static ManifestDocument live(JsonNode liveObject, ObjectNode manifest) {
        return new ManifestDocument(LiveManifests.origin(liveObject), 1, manifest, true);
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
        ObjectNode manifest = LiveManifests.manifest(liveJob);
        JsonNode meta = manifest.path("metadata");
        String name = meta.path("name").asText();
        String origin = LiveManifests.origin(liveJob);
        // Reading a job against the configuration costs about a millisecond; jobs made from one
        // template differ in their names only and read the same, so each such shape is read once.
        ObjectNode anonymous = manifest.deepCopy();
        ((ObjectNode) anonymous.get("metadata")).put("name", "");
        String shape = anonymous.toString();
        WorkloadSource known = byShape.get(shape);
        if (known != null) {
            SourceLocation at = known.origin();
            return known.renamed(new ObjectKey(meta.path("namespace").asText(""), name),
                    new SourceLocation(origin, at.document(), at.kind(), name));
        }
        List<ManifestDocument> withJobDocuments = new java.util.ArrayList<>(documents);
        withJobDocuments.add(live(liveJob, manifest));
        Scenario withJob = ScenarioLoader.loadDocuments(withJobDocuments, ScenarioLoader.DEFAULT_SEED);
        WorkloadSource read = withJob.workloads().get(0);
        if (read.key().name().equals(name)) { // a generateName'd object gets a made-up name: not a shape to reuse
            byShape.put(shape, read);
        }
        return read;
    }
}
