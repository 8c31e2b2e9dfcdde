package dev.muster.api.validation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.FieldReporter;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.ObjectMeta;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules of this package for one object as an admission webhook receives it (JSON, not a
 * scenario file): the same rule classes the scenario readers call, composed per kind, with the
 * findings returned instead of reported to a file, and fields they do not know let through. Only what these rules say is checked: the
 * readers' own checks (types, required fields, references to other objects) are the API server's
 * business when an object is created in a cluster.
 *
 * <p>Kinds: batch/v1 Job, v1 Pod, ray.io RayJob and RayCluster; anything else has no findings.
 */
public final class AdmissionRules {

    private AdmissionRules() {
    }

    /** What the object breaks, in the order the scenario readers would report it; empty when it is valid. */
    public static List<Violation> validate(JsonNode object) {
        List<Violation> found = new ArrayList<>();
        if (object == null || !object.isObject()) {
            return found;
        }
        // The API server has the last word on fields: one of a newer Kubernetes or KubeRay than
        // Muster knows is not refused here (a webhook that did would break every such object).
        FieldReporter reporter = FieldReporter.toleratingUnknownFields((path, message) -> found.add(new Violation(path, message)));
        Field root = Field.root(object, reporter);
        ManifestObject o = new ManifestObject(object.path("apiVersion").asText(""), object.path("kind").asText(""),
                new ObjectMeta(object.path("metadata").path("name").asText(""),
                        object.path("metadata").path("namespace").asText(""), Map.of(), Map.of()),
                root);
        ObjectMetaRules.check(root.get("metadata"));
        switch (o.apiVersion() + " " + o.kind()) {
            case "batch/v1 Job" -> job(o);
            case "v1 Pod" -> pod(root);
            case "ray.io/v1 RayJob", "ray.io/v1alpha1 RayJob" -> rayJob(o);
            case "ray.io/v1 RayCluster", "ray.io/v1alpha1 RayCluster" -> rayCluster(o);
            default -> { }
        }
        return found;
    }

    private static void job(ManifestObject o) {
        o.root().rejectUnknownFields(KubernetesSchema.OBJECT);
        JobRules.check(o);
        podTemplate(o.spec().get("template"));
    }

    private static void pod(Field root) {
        root.rejectUnknownFields(KubernetesSchema.OBJECT);
        podParts(root);
    }

    private static void rayJob(ManifestObject o) {
        RayRules.rayJob(o);
        Field clusterSpec = o.spec().get("rayClusterSpec");
        rayClusterSpec(clusterSpec);
        Field submitter = o.spec().get("submitterPodTemplate");
        if (submitter.isPresent()) {
            podTemplate(submitter);
        }
    }

    private static void rayCluster(ManifestObject o) {
        RayRules.rayCluster(o);
        rayClusterSpec(o.spec());
    }

    private static void rayClusterSpec(Field spec) {
        RayRules.clusterSpec(spec);
        podTemplate(spec.get("headGroupSpec").get("template"));
        for (Field group : spec.get("workerGroupSpecs").items()) {
            podTemplate(group.get("template"));
        }
    }

    /** A pod template: its fields, then its metadata and pod spec as a Pod's. */
    private static void podTemplate(Field template) {
        if (!template.isObject()) {
            return;
        }
        template.rejectUnknownFields(KubernetesSchema.POD_TEMPLATE);
        ObjectMetaRules.check(template.get("metadata"));
        podParts(template);
    }

    /** What a Pod and a pod template share: KAI's annotations on the metadata, and the spec. */
    private static void podParts(Field podOrTemplate) {
        Field annotations = podOrTemplate.get("metadata").get("annotations");
        Map<String, String> values = new LinkedHashMap<>();
        if (annotations.isObject()) {
            annotations.node().properties().forEach(e -> {
                if (e.getValue().isTextual()) {
                    values.put(e.getKey(), e.getValue().textValue());
                }
            });
        }
        KaiAnnotationRules.check(annotations, values, KaiAnnotationRules.asksForWholeGpus(podOrTemplate.get("spec").node()));
        PodSpecRules.check(podOrTemplate.get("spec"));
    }
}
