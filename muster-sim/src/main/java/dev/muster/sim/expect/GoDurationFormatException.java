package dev.muster.sim.expect;

/** A duration string that Go's {@code time.ParseDuration} would not accept; the message says why. */
public final class GoDurationFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public GoDurationFormatException(String message) {
        super(message);
    }
}
