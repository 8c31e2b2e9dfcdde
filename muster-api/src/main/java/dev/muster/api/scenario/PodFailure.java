package dev.muster.api.scenario;

import dev.muster.api.manifest.GoDuration;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulated failure: {@code count} pods of pod set {@code podSet} stop {@code afterMillis} after
 * the workload's pods first run, and are not replaced. Written as the annotation
 * {@code sim.muster.dev/pod-failures: "worker=1@5m, head=1@1h"}.
 */
public record PodFailure(String podSet, int count, long afterMillis) {

    /** @throws IllegalArgumentException with a message fit to show a user */
    public static List<PodFailure> parse(String text) {
        List<PodFailure> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.strip();
            int eq = p.indexOf('=');
            int at = p.indexOf('@');
            if (eq <= 0 || at < eq) {
                throw new IllegalArgumentException("\"" + p + "\" is not a pod failure; write podSet=count@delay,"
                        + " such as worker=1@5m");
            }
            int count;
            try {
                count = Integer.parseInt(p.substring(eq + 1, at).strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("\"" + p + "\": the count must be a whole number, such as worker=1@5m");
            }
            if (count < 1) {
                throw new IllegalArgumentException("\"" + p + "\": the count must be at least 1");
            }
            out.add(new PodFailure(p.substring(0, eq).strip(), count, GoDuration.parse(p.substring(at + 1).strip()).toMillis()));
        }
        return out;
    }
}
