package dev.muster.operator.kube;

import dev.muster.core.model.ObjectKey;

/**
 * A core/v1 Event as Muster writes it: about one object, from Muster's component. {@code count},
 * {@code firstMillis} and {@code lastMillis} say how often and when it was seen, as kube's event
 * recorder counts repeats on one Event instead of writing a new one each time.
 *
 * @param name the Event object's name in the involved object's namespace
 */
public record KubeEvent(String name, KubeKind kind, ObjectKey involved, String uid, String type, String reason,
        String message, int count, long firstMillis, long lastMillis) {

    /** The namespace the Event lives in: the involved object's, or {@code default} for a cluster-scoped one. */
    public String namespace() {
        return involved.namespace().isEmpty() ? "default" : involved.namespace();
    }

    /** The same Event seen again at {@code nowMillis}, with this message. */
    public KubeEvent repeated(String newMessage, long nowMillis) {
        return new KubeEvent(name, kind, involved, uid, type, reason, newMessage, count + 1, firstMillis, nowMillis);
    }
}
