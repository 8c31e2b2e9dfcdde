package dev.muster.operator.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The kinds whose creation the webhook suspends when they name a queue, as Kueue's job webhooks
 * do for its RayJob, RayCluster and batch Job integrations. Each keeps its suspension switch at
 * {@code spec.suspend}.
 */
public enum ManagedKind {
    RAY_JOB("ray.io", "v1", "RayJob"),
    RAY_CLUSTER("ray.io", "v1", "RayCluster"),
    BATCH_JOB("batch", "v1", "Job");

    private final String group;
    private final String version;
    private final String kind;

    ManagedKind(String group, String version, String kind) {
        this.group = group;
        this.version = version;
        this.kind = kind;
    }

    public String group() {
        return group;
    }

    public String version() {
        return version;
    }

    public String kind() {
        return kind;
    }

    /** The {@code apiVersion} objects of this kind carry: {@code ray.io/v1}, {@code batch/v1}. */
    public String apiVersion() {
        return group + "/" + version;
    }

    /** The JSON Pointer of the field that suspends an object of this kind. */
    public String suspendPointer() {
        return "/spec/suspend";
    }

    /**
     * The kind an AdmissionReview request is about, from its {@code request.kind}
     * ({@code {group, version, kind}}; the core group is the empty string).
     */
    public static Optional<ManagedKind> ofRequestKind(JsonNode gvk) {
        if (gvk == null || !gvk.isObject()) {
            return Optional.empty();
        }
        return of(gvk.path("group").asText(""), gvk.path("version").asText(""), gvk.path("kind").asText(""));
    }

    /** The kind an owner reference points at, from its {@code apiVersion} and {@code kind}. */
    public static Optional<ManagedKind> ofApiVersionKind(String apiVersion, String kind) {
        if (apiVersion == null || kind == null) {
            return Optional.empty();
        }
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
        return of(group, version, kind);
    }

    private static Optional<ManagedKind> of(String group, String version, String kind) {
        for (ManagedKind k : values()) {
            if (k.group.equals(group) && k.version.equals(version) && k.kind.equals(kind)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }
}
