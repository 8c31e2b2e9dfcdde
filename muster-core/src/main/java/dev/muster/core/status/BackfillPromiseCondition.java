package dev.muster.core.status;

import dev.muster.core.admission.BackfillPromise;
import dev.muster.core.model.ObjectKey;
import java.time.DateTimeException;
import java.time.Instant;

/**
 * A backfill promise as a condition of the workload's status, written with its admission: the
 * operator's Workload object then carries it atomically with the admission, and a new leader that
 * takes the admission over reads the promise back ({@code Engine.restoreBackfillPromise}). Kueue's
 * Workload API has no field for it; a condition type under Muster's domain is what Kubernetes
 * allows any controller to add (metav1.Condition's type pattern), and tools that know only Kueue's
 * types pass it over.
 *
 * <p>The message is read by people and by the next leader alike: "it promised to end by
 * 2026-11-27T14:05:00Z, before the reservation of team-a/pretrain" (RFC 3339 with milliseconds when
 * there are any, so that the instant comes back exactly).
 */
public final class BackfillPromiseCondition {

    public static final String TYPE = "muster.dev/BackfillPromise";
    public static final String REASON = "Backfilled";
    private static final String ENDS_BY = "it promised to end by ";
    private static final String BEFORE = ", before the reservation of ";

    private BackfillPromiseCondition() {
    }

    static String message(BackfillPromise p) {
        return ENDS_BY + Instant.ofEpochMilli(p.endsByMillis()) + BEFORE + p.reservedFor();
    }

    /**
     * The promise {@code workload} runs on, read from its condition.
     *
     * @throws IllegalArgumentException naming what is wrong, when the message is not one this class wrote
     */
    static BackfillPromise read(ObjectKey workload, Condition c) {
        String m = c.message();
        int before = m.indexOf(BEFORE);
        if (!m.startsWith(ENDS_BY) || before < 0) {
            throw new IllegalArgumentException("condition " + TYPE + ": message \"" + m + "\" is not \"" + ENDS_BY
                    + "<RFC 3339 instant>" + BEFORE + "<namespace>/<name>\"");
        }
        long endsBy;
        try {
            endsBy = Instant.parse(m.substring(ENDS_BY.length(), before)).toEpochMilli();
        } catch (DateTimeException | ArithmeticException e) {
            throw new IllegalArgumentException("condition " + TYPE + ": \"" + m.substring(ENDS_BY.length(), before)
                    + "\" is not an RFC 3339 instant");
        }
        String key = m.substring(before + BEFORE.length());
        int slash = key.indexOf('/');
        if (slash <= 0 || slash == key.length() - 1 || key.indexOf('/', slash + 1) >= 0) {
            throw new IllegalArgumentException("condition " + TYPE + ": \"" + key + "\" is not <namespace>/<name>");
        }
        return new BackfillPromise(workload, new ObjectKey(key.substring(0, slash), key.substring(slash + 1)), endsBy);
    }
}
