package dev.muster.api.manifest;

import java.util.Optional;
import java.util.regex.Pattern;

/** The name syntaxes the API server enforces, with messages that say what is allowed. */
public final class KubernetesNames {

    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    private KubernetesNames() {
    }

    /** Object names of most kinds: a DNS subdomain (RFC 1123), at most 253 characters. */
    public static Optional<String> subdomainProblem(String name) {
        if (name.length() > 253) {
            return Optional.of("\"" + name + "\" is longer than 253 characters");
        }
        if (!SUBDOMAIN.matcher(name).matches()) {
            return Optional.of("\"" + name + "\" is not a valid name: use lowercase letters, digits, '-' and '.',"
                    + " starting and ending with a letter or digit");
        }
        return Optional.empty();
    }

    /** Namespaces and pod set names: a DNS label (RFC 1123), at most 63 characters, no dots. */
    public static Optional<String> labelProblem(String name) {
        if (name.length() > 63) {
            return Optional.of("\"" + name + "\" is longer than 63 characters");
        }
        if (!LABEL.matcher(name).matches()) {
            return Optional.of("\"" + name + "\" is not a valid name: use lowercase letters, digits and '-',"
                    + " starting and ending with a letter or digit");
        }
        return Optional.empty();
    }
}
