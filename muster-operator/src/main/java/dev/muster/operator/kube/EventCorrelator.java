package dev.muster.operator.kube;

import dev.muster.core.model.ObjectKey;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Decides what an event becomes, as client-go's event recorder does (tools/record, {@code
 * EventCorrelator} with its defaults): an Event seen before on the same object is counted on the
 * Event written then ({@code count}, {@code lastTimestamp}) instead of a new one; after
 * {@link Settings#maxSimilar} events of the same reason with different messages on one object
 * within {@link Settings#similarWindowMillis}, they are combined into one Event whose message says
 * so; and each object gets at most {@link Settings#burst} events at once, then one per
 * {@link Settings#refillMillis} (the spam filter), the rest dropped. Kubernetes itself treats
 * events as best effort; this keeps an operator that evicts and admits the same job often from
 * writing an Event each time.
 *
 * <p>Not thread-safe: the {@link EventRecorder}'s one thread asks it.
 */
public final class EventCorrelator {

    /**
     * @param maxSimilar          events of one reason on one object before they are combined (client-go: 10)
     * @param similarWindowMillis how long similar events are remembered (client-go: 600 s)
     * @param burst               events an object may get at once (client-go: 25)
     * @param refillMillis        one more event an object may get per this much time (client-go: qps 1/300)
     * @param cacheSize           objects and events remembered, least recent forgotten first (client-go: 4,096)
     */
    public record Settings(int maxSimilar, long similarWindowMillis, int burst, long refillMillis, int cacheSize) {
        /** client-go's defaults. */
        public static final Settings KUBE = new Settings(10, 600_000, 25, 300_000, 4096);
    }

    /** What to do with an event. */
    public sealed interface Outcome {
        /** Write a new Event. */
        record Create(KubeEvent event) implements Outcome {
        }

        /** Count it on the Event written before: update that one. */
        record Update(KubeEvent event) implements Outcome {
        }

        /** Drop it: its object had too many events lately. */
        record Skip() implements Outcome {
        }
    }

    static final String COMBINED = "(combined from similar events): ";

    private final Settings settings;
    private final Map<String, Similar> similar;
    private final Map<String, KubeEvent> written;
    private final Map<String, Bucket> buckets;
    private long sequence;

    public EventCorrelator(Settings settings) {
        this.settings = settings;
        this.similar = lru(settings.cacheSize());
        this.written = lru(settings.cacheSize());
        this.buckets = lru(settings.cacheSize());
    }

    public Outcome correlate(KubeKind kind, ObjectKey object, String uid, String type, String reason, String message,
            long nowMillis) {
        String objectKey = kind.apiVersion() + "/" + kind.kind() + "/" + object + "/" + uid;
        String reasonKey = objectKey + "/" + type + "/" + reason;
        Similar seen = similar.get(reasonKey);
        if (seen == null || nowMillis - seen.lastMillis > settings.similarWindowMillis()) {
            seen = new Similar();
            similar.put(reasonKey, seen);
        }
        seen.messages.add(message);
        seen.lastMillis = nowMillis;
        boolean combine = seen.messages.size() >= settings.maxSimilar();
        String eventKey = combine ? reasonKey : reasonKey + "/" + message;
        String shown = combine ? COMBINED + message : message;

        KubeEvent before = written.get(eventKey);
        KubeEvent now = before == null
                ? new KubeEvent(name(object, nowMillis), kind, object, uid, type, reason, shown, 1, nowMillis, nowMillis)
                : before.repeated(shown, nowMillis);
        written.put(eventKey, now);
        if (!buckets.computeIfAbsent(objectKey, k -> new Bucket(settings.burst(), nowMillis)).take(nowMillis, settings)) {
            return new Outcome.Skip();
        }
        return before == null ? new Outcome.Create(now) : new Outcome.Update(now);
    }

    /** As client-go names Events: the object's name and a number that grows ({@code <name>.<hex>}). */
    private String name(ObjectKey object, long nowMillis) {
        return object.name() + "." + Long.toHexString(nowMillis * 1_000_000 + (sequence++ % 1_000_000));
    }

    private static <V> Map<String, V> lru(int size) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > size;
            }
        };
    }

    private static final class Similar {
        final Set<String> messages = new HashSet<>();
        long lastMillis;
    }

    /** A token bucket: {@code burst} tokens, one more each {@code refillMillis}. */
    private static final class Bucket {
        private double tokens;
        private long lastMillis;

        Bucket(int burst, long nowMillis) {
            this.tokens = burst;
            this.lastMillis = nowMillis;
        }

        boolean take(long nowMillis, Settings s) {
            if (nowMillis > lastMillis) {
                tokens = Math.min(s.burst(), tokens + (double) (nowMillis - lastMillis) / s.refillMillis());
                lastMillis = nowMillis;
            }
            if (tokens < 1) {
                return false;
            }
            tokens--;
            return true;
        }
    }
}
