package dev.muster.api.manifest;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One non-empty YAML document of a manifest file.
 *
 * @param index 1-based position among the file's documents, counting the empty ones the reader
 *              skipped, so that it matches what a person counts between {@code ---} lines
 */
public record ManifestDocument(String file, int index, JsonNode root) {
}
