package dev.muster.crds;

/** Patterns shared by the schemas of the kinds Muster serves, as Kueue's API writes them. */
public final class Validation {

    /** A DNS subdomain (RFC 1123): object names and references to them. */
    public static final String DNS_SUBDOMAIN = "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$";

    /** A DNS label (RFC 1123): pod set names. */
    public static final String DNS_LABEL = "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$";

    /** A kind, as written in an object reference. */
    public static final String KIND = "^(?i)[a-z]([-a-z0-9]*[a-z0-9])?$";

    private Validation() {
    }
}
