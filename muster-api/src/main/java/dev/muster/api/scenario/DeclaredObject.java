package dev.muster.api.scenario;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An object that was read and validated but that no feature acts on yet, such as a Node or a KAI
 * Queue before placement or KAI queues are implemented; kept so that nothing is silently lost.
 */
public record DeclaredObject(String apiVersion, String kind, String name, JsonNode body, SourceLocation origin) {
}
