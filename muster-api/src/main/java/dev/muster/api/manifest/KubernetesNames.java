package dev.muster.api.manifest;

import java.util.Optional;

/**
 * The name syntaxes the API server enforces, with messages that say what is allowed. Each follows
 * the function of the same name in Kubernetes' {@code k8s.io/apimachinery/pkg/util/validation/validation.go}.
 *
 * <p>Kubernetes states them as regular expressions; they are checked here character by character
 * instead (the same language, {@code KubernetesNamesTest} compares both), because every object
 * name, label and annotation of a scenario goes through them: a 10,000-pod scenario spent a
 * measurable part of its load in the regex engine.
 */
public final class KubernetesNames {

    private static final int LABEL_MAX = 63;
    private static final int SUBDOMAIN_MAX = 253;

    private KubernetesNames() {
    }

    /** Object names of most kinds: a DNS subdomain (RFC 1123), at most 253 characters (IsDNS1123Subdomain). */
    public static Optional<String> subdomainProblem(String name) {
        if (name.length() > SUBDOMAIN_MAX) {
            return Optional.of("\"" + name + "\" is longer than 253 characters");
        }
        if (!isSubdomain(name)) {
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
        if (!isLabel(name, 0, name.length())) {
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
        if (!isDns1035Label(name)) {
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
        if (!isQualifiedPart(name)) {
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
        if (!isQualifiedPart(value)) {
            return Optional.of("\"" + value + "\" is not a valid label value: use letters, digits, '-', '_' and '.',"
                    + " starting and ending with a letter or digit (or leave it empty)");
        }
        return Optional.empty();
    }

    /** {@code [a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*}: labels joined by dots. */
    static boolean isSubdomain(String s) {
        int start = 0;
        for (int dot = s.indexOf('.'); dot >= 0; dot = s.indexOf('.', start)) {
            if (!isLabel(s, start, dot)) {
                return false;
            }
            start = dot + 1;
        }
        return isLabel(s, start, s.length());
    }

    /** {@code [a-z0-9]([-a-z0-9]*[a-z0-9])?} over {@code s[from, to)}. */
    static boolean isLabel(String s, int from, int to) {
        if (to <= from || !lowerAlnum(s.charAt(from)) || !lowerAlnum(s.charAt(to - 1))) {
            return false;
        }
        for (int i = from + 1; i < to - 1; i++) {
            char c = s.charAt(i);
            if (!lowerAlnum(c) && c != '-') {
                return false;
            }
        }
        return true;
    }

    /** {@code [a-z]([-a-z0-9]*[a-z0-9])?}. */
    static boolean isDns1035Label(String s) {
        return !s.isEmpty() && s.charAt(0) >= 'a' && s.charAt(0) <= 'z' && isLabel(s, 0, s.length());
    }

    /** {@code ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]}. */
    static boolean isQualifiedPart(String s) {
        int n = s.length();
        if (n == 0 || !alnum(s.charAt(0)) || !alnum(s.charAt(n - 1))) {
            return false;
        }
        for (int i = 1; i < n - 1; i++) {
            char c = s.charAt(i);
            if (!alnum(c) && c != '-' && c != '_' && c != '.') {
                return false;
            }
        }
        return true;
    }

    private static boolean lowerAlnum(char c) {
        return c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
    }

    private static boolean alnum(char c) {
        return lowerAlnum(c) || c >= 'A' && c <= 'Z';
    }
}
