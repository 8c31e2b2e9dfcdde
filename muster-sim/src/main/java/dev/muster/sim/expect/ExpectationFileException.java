package dev.muster.sim.expect;

/**
 * An expectation file that cannot be used: not YAML, an unknown key, a malformed value. The message
 * names the file, the entry and the key and is meant to be shown as is, without a stack trace.
 *
 * <p>An unknown key is an error rather than ignored: a misspelt key would otherwise be a check that
 * silently never runs, and a scenario that passes for the wrong reason.
 */
public final class ExpectationFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String entry;
    private final String key;
    private final String problem;

    /**
     * @param entry e.g. {@code workloads #2 (default/high)}, or {@code null} for the file as a whole
     * @param key e.g. {@code flavors.main.cpu}, or {@code null} for the entry as a whole
     */
    public ExpectationFileException(String file, String entry, String key, String problem) {
        super(describe(file, entry, key, problem));
        this.file = file;
        this.entry = entry;
        this.key = key;
        this.problem = problem;
    }

    public String file() {
        return file;
    }

    public String entry() {
        return entry;
    }

    public String key() {
        return key;
    }

    public String problem() {
        return problem;
    }

    private static String describe(String file, String entry, String key, String problem) {
        StringBuilder text = new StringBuilder(file);
        if (entry != null) {
            text.append(": ").append(entry);
        }
        if (key != null) {
            text.append(": ").append(key);
        }
        return text.append(": ").append(problem).toString();
    }
}
