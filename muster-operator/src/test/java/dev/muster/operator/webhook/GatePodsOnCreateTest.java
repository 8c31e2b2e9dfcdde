package dev.muster.operator.webhook;

import static dev.muster.operator.webhook.Reviews.apply;
import static dev.muster.operator.webhook.Reviews.create;
import static dev.muster.operator.webhook.Reviews.json;
import static dev.muster.operator.webhook.Reviews.patch;
import static dev.muster.operator.webhook.Reviews.response;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.operator.jobs.PodGroups;
import org.junit.jupiter.api.Test;

/** Plain pods that name a queue are created behind Kueue's scheduling gate, as Kueue's pod webhook does. */
class GatePodsOnCreateTest {

    private final SuspendOnCreate webhook = new SuspendOnCreate();

    private static ObjectNode queuedPod() {
        return (ObjectNode) json("""
                {'apiVersion': 'v1', 'kind': 'Pod',
                 'metadata': {'name': 'p-0', 'namespace': 'team-a',
                   'labels': {'kueue.x-k8s.io/queue-name': 'user-queue', 'kueue.x-k8s.io/pod-group-name': 'g'},
                   'annotations': {'kueue.x-k8s.io/pod-group-total-count': '2'}},
                 'spec': {'containers': [{'name': 'c', 'image': 'busybox'}]}}""");
    }

    @Test
    void aQueuedPodGetsTheAdmissionGateAndTheManagedLabel() {
        ObjectNode pod = queuedPod();
        JsonNode answer = webhook.review(create("", "v1", "Pod", pod));

        assertThat(response(answer).get("allowed").asBoolean()).isTrue();
        JsonNode gated = apply(patch(answer), pod);
        assertThat(gated.at("/spec/schedulingGates")).isEqualTo(json("[{'name': 'kueue.x-k8s.io/admission'}]"));
        assertThat(gated.at("/metadata/labels/kueue.x-k8s.io~1managed").asText()).isEqualTo("true");
        assertThat(gated.at("/spec/containers")).isEqualTo(pod.at("/spec/containers"));
    }

    @Test
    void aGateIsAddedBesideTheGatesAPodHasAlready() {
        ObjectNode pod = queuedPod();
        ((ObjectNode) pod.get("spec")).set("schedulingGates", json("[{'name': 'example.com/other'}]"));

        JsonNode gated = apply(patch(webhook.review(create("", "v1", "Pod", pod))), pod);
        assertThat(gated.at("/spec/schedulingGates"))
                .isEqualTo(json("[{'name': 'example.com/other'}, {'name': 'kueue.x-k8s.io/admission'}]"));
    }

    @Test
    void podsOfAQueuedJobAndPodsWithoutAQueueAreLeftAlone() {
        ObjectNode ofRayCluster = queuedPod();
        ((ObjectNode) ofRayCluster.get("metadata")).set("ownerReferences",
                json("[{'apiVersion': 'ray.io/v1', 'kind': 'RayCluster', 'name': 'rc', 'uid': 'u', 'controller': true}]"));
        ObjectNode unqueued = queuedPod();
        ((ObjectNode) unqueued.at("/metadata/labels")).remove(PodGroups.QUEUE_LABEL);

        for (ObjectNode pod : new ObjectNode[] {ofRayCluster, unqueued}) {
            JsonNode answer = webhook.review(create("", "v1", "Pod", pod));
            assertThat(response(answer).get("allowed").asBoolean()).isTrue();
            assertThat(response(answer).has("patch")).isFalse();
        }
    }
}
