package dev.muster.core.checks;

import java.util.OptionalInt;

/**
 * How Kueue names the ProvisioningRequests of a workload's check: {@code <workload>-<check>-<attempt>},
 * with the Workload's name (Kueue's {@code ProvisioningRequestName}); the attempt is read back from
 * the name when a request made earlier is taken over ({@code getAttempt}).
 */
public final class RequestNames {

    private RequestNames() {
    }

    public static String of(String workloadName, String check, int attempt) {
        return prefix(workloadName, check) + attempt;
    }

    /** The attempt a request of this workload's check was made for; empty for any other name. */
    public static OptionalInt attempt(String requestName, String workloadName, String check) {
        String prefix = prefix(workloadName, check);
        if (!requestName.startsWith(prefix)) {
            return OptionalInt.empty();
        }
        String digits = requestName.substring(prefix.length());
        if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(Character::isDigit)) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(Integer.parseInt(digits));
    }

    private static String prefix(String workloadName, String check) {
        return workloadName + "-" + check + "-";
    }
}
