package dev.muster.api.batch;

import dev.muster.api.k8s.PodTemplate;
import dev.muster.api.k8s.PodTemplateReader;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.validation.JobRules;
import dev.muster.api.validation.KubernetesSchema;
import dev.muster.api.workload.PodSetDraft;
import dev.muster.api.workload.WorkloadDraft;
import dev.muster.core.model.PodSet;
import java.util.List;
import java.util.Optional;

/**
 * Reads a batch/v1 Job as Kueue sees it: one pod set {@code main} with as many pods as run at once
 * (parallelism, capped by completions), and partial admission down to the
 * {@code kueue.x-k8s.io/job-min-parallelism} annotation.
 */
public final class JobReader {

    public static final String MIN_PARALLELISM = "kueue.x-k8s.io/job-min-parallelism";
    static final String MAIN = "main";

    private JobReader() {
    }

    public static WorkloadDraft read(ManifestObject object) {
        object.root().rejectUnknownFields(KubernetesSchema.OBJECT);
        Field spec = object.spec();
        spec.requireObject();
        JobRules.check(object);
        int parallelism = nonNegative(spec.get("parallelism")).orElse(1);
        Optional<Integer> completions = nonNegative(spec.get("completions"));
        int count = completions.map(c -> Math.min(c, parallelism)).orElse(parallelism);
        // Muster suspends a managed job itself, so the user's spec.suspend changes nothing; it is only checked.
        spec.get("suspend").bool();

        Field templateField = spec.get("template");
        if (!templateField.require()) {
            return WorkloadDraft.ofJob(object, List.of(), List.of());
        }
        PodTemplate template = PodTemplateReader.read(templateField);
        int minCount = minCount(object, count);
        PodSet podSet = new PodSet(MAIN, count, minCount, template.requests());
        return WorkloadDraft.ofJob(object, List.of(new PodSetDraft(podSet, template, templateField)), List.of());
    }

    private static int minCount(ManifestObject object, int count) {
        String text = object.meta().annotations().get(MIN_PARALLELISM);
        if (text == null) {
            return count;
        }
        Field f = object.root().get("metadata").get("annotations").key(MIN_PARALLELISM);
        int min;
        try {
            min = Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            f.error("\"" + text + "\" is not a whole number");
            return count;
        }
        // Kueue's job webhook: the minimum must be below the pod count and above zero.
        if (min < 1 || min >= count) {
            f.error(count <= 1
                    ? "cannot be used when the job runs " + count + " pod at a time (it must be between 1 and the job's"
                            + " parallelism minus 1)"
                    : "must be between 1 and " + (count - 1) + " (less than the job's " + count + " pods), got " + min);
            return count;
        }
        return min;
    }

    private static Optional<Integer> nonNegative(Field f) {
        Optional<Integer> v = f.int32();
        if (v.isPresent() && v.get() < 0) {
            f.error("must not be negative, got " + v.get());
            return Optional.empty();
        }
        return v;
    }
}
