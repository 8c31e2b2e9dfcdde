package dev.muster.bench.kueue;

/** A generator.yaml or rangespec.yaml that cannot be replayed; the message names the file and field. */
public final class GeneratorConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public GeneratorConfigException(String message) {
        super(message);
    }
}
