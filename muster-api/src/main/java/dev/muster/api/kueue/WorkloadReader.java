package dev.muster.api.kueue;

import dev.muster.api.k8s.PodTemplate;
import dev.muster.api.k8s.PodTemplateReader;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.KubernetesNames;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Reference;
import dev.muster.api.workload.PodSetDraft;
import dev.muster.api.workload.PriorityClassReference;
import dev.muster.api.workload.PriorityClassReference.Source;
import dev.muster.api.workload.WorkloadDraft;
import dev.muster.api.workload.WorkloadLabels;
import dev.muster.core.model.PodSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a Kueue Workload written by hand (as Kueue's own tests do): pod sets with counts and
 * templates, a queue name and a priority given as a number or through a class.
 */
public final class WorkloadReader {

    /** Kueue's limit on pod sets per workload. */
    public static final int MAX_POD_SETS = 18;

    private static final String WPC_SOURCE = "kueue.x-k8s.io/workloadpriorityclass";
    private static final String PC_SOURCE = "scheduling.k8s.io/priorityclass";

    private WorkloadReader() {
    }

    public static WorkloadDraft read(ManifestObject object) {
        Field spec = object.spec();
        spec.require();
        spec.requireObject();
        boolean v1beta1 = object.version().equals("v1beta1");
        List<String> known = new ArrayList<>(List.of("podSets", "queueName", "priority", "active",
                "maximumExecutionTimeSeconds"));
        known.addAll(v1beta1 ? List.of("priorityClassName", "priorityClassSource") : List.of("priorityClassRef"));
        spec.rejectUnknownFields(known);

        Field queueField = spec.get("queueName");
        Optional<Reference> localQueue = queueField.string().filter(s -> !s.isEmpty()).map(q -> new Reference(q, queueField));
        Optional<Integer> priority = spec.get("priority").int32();
        Optional<PriorityClassReference> priorityClass = v1beta1 ? v1beta1Class(spec) : v1beta2Class(spec.get("priorityClassRef"));
        spec.get("active").bool();
        Field maxTime = spec.get("maximumExecutionTimeSeconds");
        maxTime.int32().filter(v -> v < 1).ifPresent(v -> maxTime.error("must be at least 1, got " + v));

        List<PodSetDraft> podSets = podSets(spec.get("podSets"));
        return new WorkloadDraft(
                object,
                localQueue,
                WorkloadLabels.kaiQueue(object, podSets),
                priority,
                priorityClass,
                WorkloadLabels.podPriorityClass(podSets),
                podSets,
                List.of());
    }

    private static Optional<PriorityClassReference> v1beta1Class(Field spec) {
        Field nameField = spec.get("priorityClassName");
        Optional<String> name = nameField.string().filter(s -> !s.isEmpty());
        Source source = spec.get("priorityClassSource").oneOf(WPC_SOURCE, PC_SOURCE, "")
                .map(s -> switch (s) {
                    case WPC_SOURCE -> Source.WORKLOAD_PRIORITY_CLASS;
                    case PC_SOURCE -> Source.PRIORITY_CLASS;
                    default -> Source.EITHER;
                }).orElse(Source.EITHER);
        return name.map(n -> new PriorityClassReference(source, new Reference(n, nameField)));
    }

    private static Optional<PriorityClassReference> v1beta2Class(Field ref) {
        if (!ref.requireObject()) {
            return Optional.empty();
        }
        ref.rejectUnknownFields(List.of("group", "kind", "name"));
        Optional<String> group = ref.get("group").oneOf("kueue.x-k8s.io", "scheduling.k8s.io");
        Optional<String> kind = ref.get("kind").oneOf("WorkloadPriorityClass", "PriorityClass");
        ref.get("group").require();
        ref.get("kind").require();
        Field nameField = ref.get("name");
        String name = nameField.requiredString();
        if (group.isEmpty() || kind.isEmpty() || name.isEmpty()) {
            return Optional.empty();
        }
        boolean wpc = kind.get().equals("WorkloadPriorityClass");
        if (wpc != group.get().equals("kueue.x-k8s.io")) {
            ref.get("kind").error("kind " + kind.get() + " does not belong to group " + group.get()
                    + " (WorkloadPriorityClass is in kueue.x-k8s.io, PriorityClass in scheduling.k8s.io)");
            return Optional.empty();
        }
        return Optional.of(new PriorityClassReference(wpc ? Source.WORKLOAD_PRIORITY_CLASS : Source.PRIORITY_CLASS,
                new Reference(name, nameField)));
    }

    private static List<PodSetDraft> podSets(Field podSetsField) {
        List<PodSetDraft> out = new ArrayList<>();
        if (!podSetsField.require()) {
            return out;
        }
        List<Field> items = podSetsField.items();
        if (podSetsField.node().isArray() && (items.isEmpty() || items.size() > MAX_POD_SETS)) {
            podSetsField.error("must have between 1 and " + MAX_POD_SETS + " pod sets, has " + items.size());
        }
        Set<String> names = new HashSet<>();
        for (Field ps : items) {
            if (!ps.requireObject()) {
                ps.require();
                continue;
            }
            ps.rejectUnknownFields(List.of("name", "count", "minCount", "template", "topologyRequest"));
            Field nameField = ps.get("name");
            String name = nameField.string("main");
            KubernetesNames.labelProblem(name).ifPresent(nameField::error);
            if (!names.add(name)) {
                nameField.error("pod set \"" + name + "\" is declared twice");
            }
            Field countField = ps.get("count");
            int count = countField.int32().orElse(1);
            boolean countOk = true;
            if (count < 1) {
                countField.error("must be at least 1, got " + count);
                countOk = false;
            }
            Field minField = ps.get("minCount");
            Optional<Integer> min = minField.int32();
            int minCount = count;
            if (min.isPresent()) {
                if (min.get() < 1) {
                    minField.error("must be at least 1, got " + min.get());
                    countOk = false;
                } else if (min.get() > count) {
                    minField.error("must not exceed count (" + count + "), got " + min.get());
                    countOk = false;
                } else {
                    minCount = min.get();
                }
            }
            Field templateField = ps.get("template");
            if (!templateField.require()) {
                continue;
            }
            PodTemplate template = PodTemplateReader.read(templateField);
            if (countOk) {
                out.add(new PodSetDraft(new PodSet(name, count, minCount, template.requests()), template, templateField));
            }
        }
        return out;
    }
}
