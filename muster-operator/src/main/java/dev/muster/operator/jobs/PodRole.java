package dev.muster.operator.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The pod set a pod of a plain pod group belongs to: pods with the same containers (images and
 * resources) are one role, named by a short hash as Kueue names the pod sets of a group. Only
 * what admission cannot change is hashed, so a pod keeps its role after its node selector and
 * tolerations were set.
 */
public final class PodRole {

    private PodRole() {
    }

    public static String of(JsonNode podSpec) {
        ObjectNode shape = JsonNodeFactory.instance.objectNode();
        shape.set("containers", podSpec.path("containers"));
        shape.set("initContainers", podSpec.path("initContainers"));
        shape.set("overhead", podSpec.path("overhead"));
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(shape.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
