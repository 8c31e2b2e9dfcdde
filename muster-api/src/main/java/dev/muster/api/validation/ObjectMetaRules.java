package dev.muster.api.validation;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.KubernetesNames;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * What the API server checks in {@code metadata} (an object's, or a pod template's): the known
 * fields, label keys and values, annotation keys and the total size of the annotations.
 *
 * <p>Source: {@code k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go} (ValidateLabels)
 * and {@code k8s.io/apimachinery/pkg/api/validation/objectmeta.go} (ValidateAnnotations,
 * TotalAnnotationSizeLimitB).
 */
public final class ObjectMetaRules {

    /** Kubernetes' TotalAnnotationSizeLimitB: keys and values of all annotations together, in bytes. */
    public static final int ANNOTATIONS_MAX_BYTES = 256 * 1024;

    private ObjectMetaRules() {
    }

    /** An object's or a pod template's metadata (the same type): its fields, then its labels and annotations. */
    public static void check(Field metadata) {
        if (!metadata.isObject()) {
            return;
        }
        metadata.rejectUnknownFields(KubernetesSchema.OBJECT_META);
        checkLabelsAndAnnotations(metadata);
    }

    private static void checkLabelsAndAnnotations(Field metadata) {
        Field labels = metadata.get("labels");
        if (labels.isObject()) {
            labels.entries().forEach(ObjectMetaRules::checkLabel);
        }
        Field annotations = metadata.get("annotations");
        if (annotations.isObject()) {
            checkAnnotations(annotations);
        }
    }

    private static void checkLabel(String key, Field value) {
        KubernetesNames.qualifiedNameProblem(key).ifPresent(p -> value.error("invalid label key: " + p));
        if (value.node().isTextual()) {
            KubernetesNames.labelValueProblem(value.node().textValue()).ifPresent(value::error);
        }
    }

    private static void checkAnnotations(Field annotations) {
        long bytes = 0;
        for (Map.Entry<String, Field> e : annotations.entries().entrySet()) {
            // Kubernetes checks annotation keys in lower case: upper-case letters are allowed in them.
            KubernetesNames.qualifiedNameProblem(e.getKey().toLowerCase(Locale.ROOT))
                    .ifPresent(p -> e.getValue().error("invalid annotation key: " + p));
            bytes += e.getKey().getBytes(StandardCharsets.UTF_8).length;
            if (e.getValue().node().isTextual()) {
                bytes += e.getValue().node().textValue().getBytes(StandardCharsets.UTF_8).length;
            }
        }
        if (bytes > ANNOTATIONS_MAX_BYTES) {
            annotations.error("may not be more than " + ANNOTATIONS_MAX_BYTES + " bytes (256 KiB) in all, keys and"
                    + " values together; these are " + bytes);
        }
    }
}
