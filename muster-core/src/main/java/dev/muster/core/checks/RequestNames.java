package dev.muster.core.checks;

import java.util.OptionalInt;

/**
 * How Kueue names the ProvisioningRequests of a workload's check: {@code <workload>-<check>-<attempt>},
 * with the Workload's name (Kueue's {@code ProvisioningRequestName}), shortened as Kueue's
 * {@code limitObjectName} shortens a name too long for an object; the attempt is read back from the
 * name when a request made earlier is taken over ({@code getAttempt}).
 */
public final class RequestNames {

    /** Kueue's objNameHashLength and objNameMaxPrefixLength: 253 (a CRD name's limit) less '-' and the hash. */
    private static final int HASH_LENGTH = 5;
    private static final int MAX_PREFIX_LENGTH = 252 - HASH_LENGTH;

    private RequestNames() {
    }

    public static String of(String workloadName, String check, int attempt) {
        return limit(workloadName + "-" + check + "-" + attempt);
    }

    /**
     * A name no longer than an object's: as it is when it fits, else its first 247 characters, '-'
     * and the first five hex digits of its SHA-1 (Kueue's limitObjectName).
     */
    public static String limit(String fullName) {
        if (fullName.length() <= MAX_PREFIX_LENGTH) {
            return fullName;
        }
        try {
            byte[] hash = java.security.MessageDigest.getInstance("SHA-1")
                    .digest(fullName.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return fullName.substring(0, MAX_PREFIX_LENGTH) + "-" + java.util.HexFormat.of().formatHex(hash).substring(0, HASH_LENGTH);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-1", e);
        }
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

    /** Kueue's getProvisioningRequestNamePrefix: the prefix is shortened on its own, as Kueue does. */
    private static String prefix(String workloadName, String check) {
        return limit(workloadName + "-" + check + "-");
    }
}
