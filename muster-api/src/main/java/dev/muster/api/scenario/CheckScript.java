package dev.muster.api.scenario;

import dev.muster.api.manifest.GoDuration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the simulator's scripted admission check controller answers, attempt by attempt: the
 * annotation {@code sim.muster.dev/check-script: "Retry@30s, Ready@10s"} on an AdmissionCheck
 * whose {@code controllerName} is {@value #CONTROLLER}. Each time a workload reserves quota under
 * the check, the next step applies: after its delay the check turns to its state. The last step
 * repeats. A test stand-in for real check controllers (the provisioning one has its own).
 */
public record CheckScript(List<Step> steps) {

    public static final String CONTROLLER = "sim.muster.dev/scripted-check";

    /** @param state Ready, Retry or Rejected */
    public record Step(String state, long delayMillis) {
    }

    public CheckScript {
        steps = List.copyOf(steps);
    }

    /** The step for the {@code attempt}-th reservation (1 for the first). */
    public Step step(int attempt) {
        return steps.get(Math.min(attempt, steps.size()) - 1);
    }

    /** @throws IllegalArgumentException with a message fit to show a user */
    public static CheckScript parse(String text) {
        List<Step> steps = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.strip();
            int at = p.indexOf('@');
            String state = at < 0 ? p : p.substring(0, at).strip();
            String normalized = switch (state.toLowerCase(Locale.ROOT)) {
                case "ready" -> "Ready";
                case "retry" -> "Retry";
                case "rejected" -> "Rejected";
                default -> throw new IllegalArgumentException("\"" + state + "\" is not a check state; write steps such as"
                        + " \"Retry@30s, Ready@10s\" with states Ready, Retry or Rejected");
            };
            long delay = at < 0 ? 0 : GoDuration.parse(p.substring(at + 1).strip()).toMillis();
            steps.add(new Step(normalized, delay));
        }
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("an empty check script");
        }
        return new CheckScript(steps);
    }
}
