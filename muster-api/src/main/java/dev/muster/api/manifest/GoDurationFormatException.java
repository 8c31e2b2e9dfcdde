package dev.muster.api.manifest;

/** A duration string Go's {@code time.ParseDuration} would not accept; the message names the value and why. */
public final class GoDurationFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public GoDurationFormatException(String message) {
        super(message);
    }
}
