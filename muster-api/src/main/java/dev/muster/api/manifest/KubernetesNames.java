package dev.muster.api.manifest;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The name syntaxes the API server enforces, with messages that say what is allowed. Each follows
 * the function of the same name in Kubernetes' {@code k8s.io/apimachinery/pkg/util/validation/validation.go}.
 */
public final class KubernetesNames {

    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern DNS1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    /** The name part of a qualified name, and a label value: alphanumerics with '-', '_' and '.' inside. */
    private static final Pattern QUALIFIED_PART = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");

    private static final int LABEL_MAX = 63;
    private static final int SUBDOMAIN_MAX = 253;

    private KubernetesNames() {
    }

    /** Object names of most kinds: a DNS subdomain (RFC 1123), at most 253 characters (IsDNS1123Subdomain). */
    public static Optional<String> subdomainProblem(String name) {
        if (name.length() > SUBDOMAIN_MAX) {
            return Optional.of("\"" + name + "\" is longer than 253 characters");
        }
        if (!SUBDOMAIN.matcher(name).matches()) {
            return Optional.of("\"" + name + "\" is not a valid name: use lowercase letters, digits, '-' and '.',"
                    + " starting and ending with a letter or digit");
        }
        return Optional.empty();
    }

    /** Namespaces, container and pod set names: a DNS label (RFC 1123), at most 63 characters, no dots (IsDNS1123Label). */
    public static Optional<String> labelProblem(String name) {
        if (name.length() > LABEL_MAX) {
            return Optional.of("\"" + name + "\" is longer than 63 characters");
        }
        if (!LABEL.matcher(name).matches()) {
            return Optional.of("\"" + name + "\" is not a valid name: use lowercase letters, digits and '-',"
                    + " starting and ending with a letter or digit");
        }
        return Optional.empty();
    }

    /** A DNS label that starts with a letter (RFC 1035), as KubeRay requires of RayJob and RayCluster names (IsDNS1035Label). */
    public static Optional<String> dns1035LabelProblem(String name) {
        if (name.length() > LABEL_MAX) {
            return Optional.of("\"" + name + "\" is longer than 63 characters");
        }
        if (!DNS1035_LABEL.matcher(name).matches()) {
            return Optional.of("\"" + name + "\" is not a valid DNS-1035 label: use lowercase letters, digits and '-',"
                    + " starting with a letter and ending with a letter or digit");
        }
        return Optional.empty();
    }

    /**
     * Label and annotation keys: an optional DNS subdomain prefix and '/', then a name of at most 63
     * alphanumerics, '-', '_' and '.', starting and ending with an alphanumeric (IsQualifiedName).
     */
    public static Optional<String> qualifiedNameProblem(String key) {
        int slash = key.lastIndexOf('/');
        String name = key;
        if (slash >= 0) {
            String prefix = key.substring(0, slash);
            name = key.substring(slash + 1);
            if (prefix.isEmpty()) {
                return Optional.of("\"" + key + "\": the prefix before '/' must not be empty");
            }
            if (key.indexOf('/') != slash) {
                return Optional.of("\"" + key + "\" is not a valid key: at most one '/' (prefix/name)");
            }
            Optional<String> prefixProblem = subdomainProblem(prefix);
            if (prefixProblem.isPresent()) {
                return Optional.of("\"" + key + "\": the prefix must be a DNS subdomain (lowercase letters, digits,"
                        + " '-' and '.', at most 253 characters)");
            }
        }
        if (name.isEmpty()) {
            return Optional.of("\"" + key + "\": the name part must not be empty");
        }
        if (name.length() > LABEL_MAX) {
            return Optional.of("\"" + key + "\": the name part is longer than 63 characters");
        }
        if (!QUALIFIED_PART.matcher(name).matches()) {
            return Optional.of("\"" + key + "\" is not a valid key: the name part uses letters, digits, '-', '_' and"
                    + " '.', starting and ending with a letter or digit");
        }
        return Optional.empty();
    }

    /** A label value: empty, or at most 63 alphanumerics, '-', '_' and '.', starting and ending with an alphanumeric (IsValidLabelValue). */
    public static Optional<String> labelValueProblem(String value) {
        if (value.isEmpty()) {
            return Optional.empty();
        }
        if (value.length() > LABEL_MAX) {
            return Optional.of("\"" + value + "\" is longer than 63 characters, the most a label value may have");
        }
        if (!QUALIFIED_PART.matcher(value).matches()) {
            return Optional.of("\"" + value + "\" is not a valid label value: use letters, digits, '-', '_' and '.',"
                    + " starting and ending with a letter or digit (or leave it empty)");
        }
        return Optional.empty();
    }
}
