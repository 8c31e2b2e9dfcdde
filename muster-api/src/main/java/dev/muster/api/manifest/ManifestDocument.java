package dev.muster.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One non-empty YAML document of a manifest file, or one object read from the API server.
 *
 * @param index            1-based position among the file's documents, counting the empty ones the
 *                         reader skipped, so that it matches what a person counts between {@code ---} lines
 * @param fromTheApiServer an object the API server has taken already: fields Muster does not know
 *                         (those of a newer Kubernetes, Kueue or KubeRay) are not errors
 */
public record ManifestDocument(String file, int index, JsonNode root, boolean fromTheApiServer) {

    /** A document of a file. */
    public ManifestDocument(String file, int index, JsonNode root) {
        this(file, index, root, false);
    }
}
