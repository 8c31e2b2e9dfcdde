package dev.muster.api.workload;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Reference;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The labels by which Kueue and KAI learn a job's queue and priority class. */
public final class WorkloadLabels {

    public static final String QUEUE_NAME = "kueue.x-k8s.io/queue-name";
    public static final String PRIORITY_CLASS = "kueue.x-k8s.io/priority-class";
    public static final String KAI_QUEUE = "kai.scheduler/queue";

    private WorkloadLabels() {
    }

    public static Optional<Reference> localQueue(ManifestObject object) {
        return label(object.root(), object.meta().labels().get(QUEUE_NAME), QUEUE_NAME);
    }

    public static Optional<PriorityClassReference> workloadPriorityClass(ManifestObject object) {
        return label(object.root(), object.meta().labels().get(PRIORITY_CLASS), PRIORITY_CLASS)
                .map(r -> new PriorityClassReference(PriorityClassReference.Source.WORKLOAD_PRIORITY_CLASS, r));
    }

    /** KAI looks at the top owner first, then at the pods (here: their templates, in pod set order). */
    public static Optional<Reference> kaiQueue(ManifestObject object, List<PodSetDraft> podSets) {
        Optional<Reference> own = label(object.root(), object.meta().labels().get(KAI_QUEUE), KAI_QUEUE);
        if (own.isPresent()) {
            return own;
        }
        for (PodSetDraft p : podSets) {
            Optional<Reference> fromPod = label(p.templateField(), p.template().labels().get(KAI_QUEUE), KAI_QUEUE);
            if (fromPod.isPresent()) {
                return fromPod;
            }
        }
        return Optional.empty();
    }

    /**
     * The queues a live object's labels name, read by the same rules as {@link #localQueue(ManifestObject)}
     * and {@link #kaiQueue(ManifestObject, List)}: {@code muster run} routes a job it watches before
     * reading it whole.
     *
     * @param own       the object's labels
     * @param templates its pod templates' labels, in pod set order
     */
    public static NamedQueues namedQueues(Map<String, String> own, List<Map<String, String>> templates) {
        Optional<String> kai = value(own.get(KAI_QUEUE));
        for (int i = 0; kai.isEmpty() && i < templates.size(); i++) {
            kai = value(templates.get(i).get(KAI_QUEUE));
        }
        return new NamedQueues(value(own.get(QUEUE_NAME)), kai);
    }

    /** The LocalQueue and the KAI queue a job's labels name, each empty when not set. */
    public record NamedQueues(Optional<String> localQueue, Optional<String> kaiQueue) {
    }

    /** Kueue takes the first pod template's priorityClassName that is set (for Ray: head, then workers). */
    public static Optional<Reference> podPriorityClass(List<PodSetDraft> podSets) {
        for (PodSetDraft p : podSets) {
            if (p.template().priorityClassName().isPresent()) {
                return Optional.of(new Reference(p.template().priorityClassName().get(),
                        p.templateField().get("spec").get("priorityClassName")));
            }
        }
        return Optional.empty();
    }

    // An empty label value means "not set" to both Kueue and KAI.
    private static Optional<Reference> label(Field owner, String value, String key) {
        return value(value).map(v -> new Reference(v, owner.get("metadata").get("labels").key(key)));
    }

    private static Optional<String> value(String label) {
        return label == null || label.isEmpty() ? Optional.empty() : Optional.of(label);
    }
}
