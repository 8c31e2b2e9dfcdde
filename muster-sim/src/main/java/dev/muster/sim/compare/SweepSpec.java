package dev.muster.sim.compare;

import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --sweep clusterqueue/NAME:[FLAVOR/]RESOURCE=FROM..TO/STEP}: a ClusterQueue's nominal quota
 * of one resource set to FROM, FROM+STEP, ... up to TO (TO itself when the steps land on it).
 * FROM, TO and STEP are Kubernetes quantities ({@code 8}, {@code 500m}, {@code 64Gi}).
 *
 * <p>{@code target} is the text between {@code :} and {@code =} as written: {@code nvidia.com/gpu}
 * or {@code a100/nvidia.com/gpu}. Resource names hold a slash themselves, so which part is the flavor
 * is told against the ClusterQueue ({@link QuotaSweep}), not here.
 */
public record SweepSpec(String text, String clusterQueue, String target, Quantity from, Quantity to, Quantity step) {

    /** At most this many runs: each is a whole simulation. */
    public static final int MAX_RUNS = 100;

    private static final String FORM = "clusterqueue/NAME:[FLAVOR/]RESOURCE=FROM..TO/STEP, e.g. clusterqueue/team-a:nvidia.com/gpu=8..32/8";

    /** @throws IllegalArgumentException with a message that quotes the spec and says what is wrong */
    public static SweepSpec parse(String text) {
        int colon = text.indexOf(':');
        int equals = text.indexOf('=');
        if (colon < 0 || equals < colon) {
            throw bad(text, "expected " + FORM);
        }
        String object = text.substring(0, colon);
        int slash = object.indexOf('/');
        if (slash < 0 || !object.substring(0, slash).toLowerCase(Locale.ROOT).equals("clusterqueue")) {
            throw bad(text, "only a ClusterQueue's nominal quota is swept: expected " + FORM);
        }
        String name = object.substring(slash + 1);
        if (name.isEmpty()) {
            throw bad(text, "no ClusterQueue name before ':'");
        }
        String target = text.substring(colon + 1, equals);
        if (target.isEmpty() || target.startsWith("/") || target.endsWith("/")) {
            throw bad(text, "no resource between ':' and '=' (expected [FLAVOR/]RESOURCE)");
        }
        String range = text.substring(equals + 1);
        int dots = range.indexOf("..");
        int stepAt = range.lastIndexOf('/');
        if (dots < 0 || stepAt < dots) {
            throw bad(text, "the range \"" + range + "\" is not FROM..TO/STEP");
        }
        Quantity from = quantity(text, "FROM", range.substring(0, dots));
        Quantity to = quantity(text, "TO", range.substring(dots + 2, stepAt));
        Quantity step = quantity(text, "STEP", range.substring(stepAt + 1));
        if (step.isZero()) {
            throw bad(text, "STEP must be more than 0");
        }
        if (from.compareTo(to) > 0) {
            throw bad(text, "FROM (" + from + ") is more than TO (" + to + ")");
        }
        // Both are within [0, MAX], so the difference cannot overflow.
        long runs = (to.milli() - from.milli()) / step.milli() + 1;
        if (runs > MAX_RUNS) {
            throw bad(text, "that is " + runs + " runs; at most " + MAX_RUNS + " (make STEP larger or the range smaller)");
        }
        return new SweepSpec(text, name, target, from, to, step);
    }

    /** FROM, FROM+STEP, ... while not past TO. */
    public List<Quantity> values() {
        List<Quantity> out = new ArrayList<>();
        for (long v = from.milli(); v <= to.milli(); v += step.milli()) {
            out.add(Quantity.ofMilli(v));
            if (to.milli() - v < step.milli()) {
                break; // the next step would pass TO, or overflow near the bound
            }
        }
        return out;
    }

    private static Quantity quantity(String text, String part, String value) {
        Quantity q;
        try {
            q = Quantity.parse(value.trim());
        } catch (IllegalArgumentException e) {
            throw bad(text, part + " \"" + value + "\": " + e.getMessage());
        }
        if (q.milli() < 0) {
            throw bad(text, part + " \"" + value + "\" is negative; a nominal quota is 0 or more");
        }
        return q;
    }

    private static IllegalArgumentException bad(String text, String why) {
        return new IllegalArgumentException("--sweep \"" + text + "\": " + why);
    }
}
