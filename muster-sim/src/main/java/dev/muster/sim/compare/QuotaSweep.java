package dev.muster.sim.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.api.manifest.ManifestDocument;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link SweepSpec} found in a scenario's documents: the one {@code nominalQuota} field it sets,
 * and the scenario with that field set to each value. Changing the document, not the loaded
 * scenario, means each run is loaded and checked exactly as a scenario written with that value.
 *
 * @param document  the position of the ClusterQueue's document in the scenario
 * @param fieldPath where the quota is, {@code spec.resourceGroups[0].flavors[0].resources[2]}
 */
public record QuotaSweep(SweepSpec spec, String flavor, String resource, int document, int group, int flavorIndex,
        int resourceIndex, String fieldPath) {

    private static final String GROUP = "kueue.x-k8s.io/";

    private record Candidate(String flavor, String resource, int group, int flavorIndex, int resourceIndex) {
    }

    /** @throws IllegalArgumentException no such ClusterQueue, or its quotas do not name the target once */
    public static QuotaSweep resolve(SweepSpec spec, List<ManifestDocument> documents) {
        int at = -1;
        List<String> clusterQueues = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            JsonNode root = documents.get(i).root();
            if (root.path("kind").asText("").equals("ClusterQueue") && root.path("apiVersion").asText("").startsWith(GROUP)) {
                String name = root.path("metadata").path("name").asText("");
                clusterQueues.add(name);
                if (name.equals(spec.clusterQueue()) && at < 0) {
                    at = i;
                }
            }
        }
        if (at < 0) {
            throw bad(spec, "the scenario has no ClusterQueue \"" + spec.clusterQueue() + "\""
                    + (clusterQueues.isEmpty() ? "" : "; it has " + String.join(", ", clusterQueues)));
        }
        ManifestDocument doc = documents.get(at);
        String where = "ClusterQueue " + spec.clusterQueue() + " (" + doc.file() + ", document " + doc.index() + ")";
        List<Candidate> all = candidates(doc.root());
        String target = spec.target();
        int slash = target.indexOf('/');
        List<Candidate> byResource = all.stream().filter(c -> c.resource().equals(target)).toList();
        List<Candidate> byFlavor = slash < 0 ? List.of() : all.stream()
                .filter(c -> c.flavor().equals(target.substring(0, slash)) && c.resource().equals(target.substring(slash + 1)))
                .toList();
        if (byResource.size() > 1) {
            throw bad(spec, where + " has " + target + " in flavors "
                    + String.join(", ", byResource.stream().map(Candidate::flavor).toList()) + "; say which, as in clusterqueue/"
                    + spec.clusterQueue() + ":" + byResource.get(0).flavor() + "/" + target + "=...");
        }
        if (byResource.size() + byFlavor.size() > 1) {
            throw bad(spec, where + ": \"" + target + "\" is both resource " + target + " and flavor "
                    + byFlavor.get(0).flavor() + "'s " + byFlavor.get(0).resource() + "; rename one");
        }
        if (byResource.isEmpty() && byFlavor.isEmpty()) {
            throw bad(spec, where + " has no nominal quota of " + target + "; it has "
                    + (all.isEmpty() ? "none" : String.join(", ", all.stream().map(c -> c.flavor() + "/" + c.resource()).toList())));
        }
        Candidate c = byResource.isEmpty() ? byFlavor.get(0) : byResource.get(0);
        return new QuotaSweep(spec, c.flavor(), c.resource(), at, c.group(), c.flavorIndex(), c.resourceIndex(),
                "spec.resourceGroups[" + c.group() + "].flavors[" + c.flavorIndex() + "].resources[" + c.resourceIndex() + "]");
    }

    /** The documents with the quota set to {@code value}; the others are shared, not copied. */
    public List<ManifestDocument> with(List<ManifestDocument> documents, Quantity value) {
        ManifestDocument doc = documents.get(document);
        JsonNode root = doc.root().deepCopy();
        ObjectNode quota = (ObjectNode) root.path("spec").path("resourceGroups").get(group)
                .path("flavors").get(flavorIndex).path("resources").get(resourceIndex);
        quota.put("nominalQuota", text(value));
        List<ManifestDocument> out = new ArrayList<>(documents);
        out.set(document, new ManifestDocument(doc.file(), doc.index(), root, doc.fromTheApiServer()));
        return out;
    }

    /** The value as Kubernetes writes it for this resource ({@code 16}, {@code 64Gi}), or in milli-units. */
    public String text(Quantity value) {
        String formatted = value.format(resource);
        try {
            if (Quantity.parse(formatted).equals(value)) {
                return formatted;
            }
        } catch (IllegalArgumentException e) {
            // fall through to the exact form
        }
        return value.milli() + "m";
    }

    private static List<Candidate> candidates(JsonNode root) {
        List<Candidate> out = new ArrayList<>();
        JsonNode groups = root.path("spec").path("resourceGroups");
        for (int g = 0; g < groups.size(); g++) {
            JsonNode flavors = groups.get(g).path("flavors");
            for (int f = 0; f < flavors.size(); f++) {
                JsonNode resources = flavors.get(f).path("resources");
                for (int r = 0; r < resources.size(); r++) {
                    if (resources.get(r).isObject()) {
                        out.add(new Candidate(flavors.get(f).path("name").asText(""),
                                resources.get(r).path("name").asText(""), g, f, r));
                    }
                }
            }
        }
        return out;
    }

    private static IllegalArgumentException bad(SweepSpec spec, String why) {
        return new IllegalArgumentException("--sweep \"" + spec.text() + "\": " + why);
    }
}
