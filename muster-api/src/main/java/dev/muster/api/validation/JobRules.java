package dev.muster.api.validation;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import java.util.List;
import java.util.Optional;

/**
 * What the API server checks in a batch/v1 Job's spec among the fields Muster reads: the known
 * fields, the completion mode and what Indexed needs, counts that must not be negative, and a
 * template whose pods stop (restartPolicy OnFailure or Never). The template itself is a pod
 * template, checked by {@link PodSpecRules} and {@link ObjectMetaRules} where it is read.
 *
 * <p>Source: {@code k8s.io/kubernetes/pkg/apis/batch/validation/validation.go} (validateJobSpec,
 * validatePodTemplateSpec; maxParallelismForIndexedJob and maxCompletionsForIndexedJob, both 100000;
 * the job-name label of ValidateJob's generated selector).
 * Parallelism and completions are checked for sign where JobReader reads them.
 */
public final class JobRules {

    static final List<String> COMPLETION_MODES = List.of("NonIndexed", "Indexed");
    static final List<String> JOB_RESTART_POLICIES = List.of("OnFailure", "Never");
    static final int MAX_INDEXED = 100_000;
    static final int MAX_NAME = 63;

    private JobRules() {
    }

    /** A Job: its name, then its spec. */
    public static void check(ManifestObject job) {
        checkName(job);
        checkSpec(job.spec());
    }

    /**
     * The job controller labels the Job's pods with its name ({@code batch.kubernetes.io/job-name}),
     * and a label value has at most 63 characters: the API server refuses a longer name.
     */
    private static void checkName(ManifestObject job) {
        String name = job.meta().name();
        if (name.length() > MAX_NAME) {
            job.root().get("metadata").get("name").error("\"" + name + "\" is longer than " + MAX_NAME + " characters,"
                    + " the most a Job's name may have (its pods carry it as the label batch.kubernetes.io/job-name)");
        }
    }

    private static void checkSpec(Field spec) {
        if (!spec.isObject()) {
            return;
        }
        spec.rejectUnknownFields(KubernetesSchema.JOB_SPEC);
        nonNegative(spec.get("backoffLimit"));
        Optional<String> mode = spec.get("completionMode").oneOf(COMPLETION_MODES);
        if (mode.filter("Indexed"::equals).isPresent()) {
            checkIndexed(spec);
        }
        checkRestartPolicy(spec.get("template").get("spec"));
    }

    private static void checkIndexed(Field spec) {
        Field completions = spec.get("completions");
        if (!completions.isPresent()) {
            completions.error("required when completionMode is Indexed (one index per completion)");
        } else if (!spec.get("backoffLimitPerIndex").isPresent()) {
            atMost(completions, MAX_INDEXED);
        }
        atMost(spec.get("parallelism"), MAX_INDEXED);
    }

    /** Pods of a Job must stop: Always would restart a finished pod for ever. */
    private static void checkRestartPolicy(Field podSpec) {
        if (!podSpec.isObject()) {
            return;
        }
        Field policy = podSpec.get("restartPolicy");
        if (!policy.isPresent() || !policy.node().isTextual()) {
            // absent: accepted on purpose (docs/scenario-format.md, departures); a wrong type is the pod rules' to report
            return;
        }
        String value = policy.node().textValue();
        if (PodSpecRules.RESTART_POLICIES.contains(value) && !JOB_RESTART_POLICIES.contains(value)) {
            policy.error("\"" + value + "\" is not allowed in a Job's pod template: use OnFailure or Never");
        }
    }

    private static void nonNegative(Field f) {
        f.int32().filter(v -> v < 0).ifPresent(v -> f.error("must not be negative, got " + v));
    }

    private static void atMost(Field f, int max) {
        if (f.node().isIntegralNumber() && f.node().canConvertToLong() && f.node().longValue() > max) {
            f.error("must be at most " + max + " when completionMode is Indexed, got " + f.node().longValue());
        }
    }
}
