package dev.muster.operator.webhook;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The logic behind one admission webhook endpoint: an {@code admission.k8s.io/v1} AdmissionReview
 * in, the AdmissionReview carrying the response out. Implementations hold no HTTP code.
 */
@FunctionalInterface
public interface AdmissionHandler {

    /**
     * Answers one review.
     *
     * @param admissionReview the AdmissionReview the API server sent (its {@code request} set)
     * @return the AdmissionReview to send back (its {@code response} set, the request's uid echoed)
     * @throws IllegalArgumentException when the input is not an {@code admission.k8s.io/v1}
     *     AdmissionReview with a request and a uid (an HTTP front end answers 400)
     */
    JsonNode review(JsonNode admissionReview);
}
