package dev.muster.sim.cluster;

import dev.muster.api.kueue.AdmissionCheck;
import dev.muster.api.scenario.CheckScript;
import dev.muster.api.scenario.SimAnnotations;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The admission check controllers of the virtual cluster. A check whose controller is
 * {@value CheckScript#CONTROLLER} answers as its {@code sim.muster.dev/check-script} says; a check
 * of any other controller stays Pending, and the workload's message says that nothing runs it.
 */
public final class CheckControllers {

    /** What a check answers for one reservation: a state after a delay. */
    public record Answer(String state, long delayMillis) {
    }

    private final Map<String, AdmissionCheck> checks = new HashMap<>();
    private final Map<String, Integer> attempts = new HashMap<>();

    public CheckControllers(List<AdmissionCheck> admissionChecks) {
        admissionChecks.forEach(c -> checks.put(c.name(), c));
    }

    /**
     * The answer of {@code check} to the workload's next reservation, or empty when no controller
     * of the virtual cluster runs it.
     */
    public Optional<Answer> answer(String workload, String check) {
        AdmissionCheck c = checks.get(check);
        if (c == null || c.script().isEmpty() || !c.controllerName().equals(CheckScript.CONTROLLER)) {
            return Optional.empty();
        }
        int attempt = attempts.merge(workload + "\u0000" + check, 1, Integer::sum);
        CheckScript.Step step = c.script().get().step(attempt);
        return Optional.of(new Answer(step.state(), step.delayMillis()));
    }

    /** How long a workload waits before it queues again after the check asked to retry ({@code retryDelayMinutes}). */
    public long retryDelayMillis(String check) {
        AdmissionCheck c = checks.get(check);
        return c == null ? 0 : c.retryDelayMillis();
    }

    /** Why a check without a simulated controller never turns Ready. */
    public String unanswered(String check) {
        AdmissionCheck c = checks.get(check);
        String controller = c == null ? "unknown" : c.controllerName();
        return "admission check " + check + " (controller " + controller + ") has no controller in the virtual cluster,"
                + " so it stays Pending; use controllerName " + CheckScript.CONTROLLER + " with a "
                + SimAnnotations.CHECK_SCRIPT + " annotation to script its answers";
    }
}
