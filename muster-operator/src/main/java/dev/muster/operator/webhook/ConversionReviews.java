package dev.muster.operator.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The CRD conversion webhook ({@code /convert}): an {@code apiextensions.k8s.io/v1}
 * ConversionReview in, its response out, every object converted by {@link KueueVersions}. One
 * object that cannot be converted fails the whole review, with its reason, as the API server
 * expects (it then refuses the request that needed the conversion).
 */
public final class ConversionReviews implements AdmissionHandler {

    public static final String API_VERSION = "apiextensions.k8s.io/v1";
    public static final String KIND = "ConversionReview";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @Override
    public ObjectNode review(JsonNode conversionReview) {
        if (conversionReview == null || !API_VERSION.equals(conversionReview.path("apiVersion").asText())
                || !KIND.equals(conversionReview.path("kind").asText())) {
            throw new IllegalArgumentException("not a ConversionReview: expected apiVersion " + API_VERSION + " and kind " + KIND);
        }
        JsonNode request = conversionReview.path("request");
        String uid = request.path("uid").asText("");
        if (uid.isEmpty()) {
            throw new IllegalArgumentException("the ConversionReview's request has no uid");
        }
        String desired = request.path("desiredAPIVersion").asText("");
        ObjectNode response = JSON.objectNode();
        response.put("uid", uid);
        ArrayNode converted = JSON.arrayNode();
        try {
            for (JsonNode object : request.path("objects")) {
                converted.add(KueueVersions.convert(object, desired));
            }
            response.set("convertedObjects", converted);
            response.putObject("result").put("status", "Success");
        } catch (IllegalArgumentException e) {
            response.putArray("convertedObjects");
            response.putObject("result").put("status", "Failure").put("message", e.getMessage());
        }
        ObjectNode out = JSON.objectNode();
        out.put("apiVersion", API_VERSION);
        out.put("kind", KIND);
        out.set("response", response);
        return out;
    }
}
