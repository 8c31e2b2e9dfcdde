package dev.muster.sim.trace;

/**
 * A trace or mapping file that cannot be used. The message names the file, the line and the field
 * and is meant to be shown as is, without a stack trace.
 */
public final class TraceFileException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public TraceFileException(String message) {
        super(message);
    }

    public TraceFileException(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@code FILE:LINE: FIELD: PROBLEM}; line 0 or a null field is left out. */
    public static TraceFileException at(Object file, int line, String field, String problem) {
        StringBuilder sb = new StringBuilder(String.valueOf(file));
        if (line > 0) {
            sb.append(':').append(line);
        }
        sb.append(": ");
        if (field != null && !field.isEmpty()) {
            sb.append(field).append(": ");
        }
        return new TraceFileException(sb.append(problem).toString());
    }
}
