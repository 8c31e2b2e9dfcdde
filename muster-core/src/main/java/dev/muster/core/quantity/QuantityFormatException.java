package dev.muster.core.quantity;

/** A quantity string that Kubernetes would not accept; the message names the value and why. */
public final class QuantityFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public QuantityFormatException(String message) {
        super(message);
    }
}
