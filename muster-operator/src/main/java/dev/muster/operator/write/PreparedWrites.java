package dev.muster.operator.write;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.core.model.ObjectKey;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.placement.PodBinding;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The writes a job adapter makes, prepared on the decider's thread and sent later from a lane.
 * Adapters build their patches from what the decider holds (the live job, a group's pods), which
 * only the decider's thread may read; handed this writer instead of the real one, they run as
 * before and each call is kept, its arguments taken as they are now, to be sent with
 * {@link #sendTo}. Each call answers true: whether the writes succeed is known once they are sent.
 * Events go to the real writer at once (which queues them for its event recorder): they are not
 * ordered with the writes.
 */
public final class PreparedWrites implements ClusterWriter {

    private final List<Predicate<ClusterWriter>> writes = new ArrayList<>();
    private final ClusterWriter events;

    /** @param events where events go at once: the writer the prepared writes will be sent to */
    public PreparedWrites(ClusterWriter events) {
        this.events = events;
    }

    /** Sends the writes in the order they were made; true if all succeeded (each is tried even if one before failed, as the adapters do). */
    public boolean sendTo(ClusterWriter writer) {
        boolean all = true;
        for (Predicate<ClusterWriter> w : writes) {
            all &= w.test(writer);
        }
        return all;
    }

    public boolean isEmpty() {
        return writes.isEmpty();
    }

    @Override
    public boolean patchJob(KubeKind kind, ObjectKey job, ArrayNode jsonPatch) {
        return writes.add(w -> w.patchJob(kind, job, jsonPatch));
    }

    @Override
    public boolean ensure(KubeKind kind, ObjectNode object) {
        return writes.add(w -> w.ensure(kind, object));
    }

    @Override
    public boolean writeStatus(KubeKind kind, ObjectKey object, ObjectNode status) {
        return writes.add(w -> w.writeStatus(kind, object, status));
    }

    @Override
    public boolean annotate(KubeKind kind, ObjectKey object, java.util.Map<String, String> annotations) {
        java.util.Map<String, String> taken = new java.util.LinkedHashMap<>(annotations); // as they are now
        return writes.add(w -> w.annotate(kind, object, taken));
    }

    @Override
    public boolean bind(PodBinding binding) {
        return writes.add(w -> w.bind(binding));
    }

    @Override
    public boolean deletePod(ObjectKey pod) {
        return writes.add(w -> w.deletePod(pod));
    }

    @Override
    public boolean delete(KubeKind kind, ObjectKey object) {
        return writes.add(w -> w.delete(kind, object));
    }

    @Override
    public void event(KubeKind kind, ObjectKey object, String uid, String type, String reason, String message) {
        events.event(kind, object, uid, type, reason, message);
    }
}
