package dev.muster.sim.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A scenario as text files by name, in the order {@code muster simulate} reads them (name order). */
public final class ScenarioFiles {

    /**
     * Jobs per file: a scenario file may hold 32 MiB, and a job takes ~500 bytes, so 10,000 jobs keep
     * far inside the limit (all of Philly's 82,247 jobs make 9 files).
     */
    static final int JOBS_PER_FILE = 10_000;

    private final Map<String, String> files = new LinkedHashMap<>();

    public void put(String name, String text) {
        files.put(name, text);
    }

    /** Writes {@code items} as {@code prefix-000.yaml}, {@code prefix-001.yaml}, ... of {@link #JOBS_PER_FILE} each. */
    public <T> void putChunked(String prefix, String header, List<T> items, Function<T, String> document) {
        List<T> all = new ArrayList<>(items);
        for (int chunk = 0; chunk * (long) JOBS_PER_FILE < all.size() || chunk == 0; chunk++) {
            StringBuilder sb = new StringBuilder(header);
            int end = (int) Math.min(all.size(), (chunk + 1L) * JOBS_PER_FILE);
            for (int i = chunk * JOBS_PER_FILE; i < end; i++) {
                sb.append(document.apply(all.get(i)));
            }
            files.put(String.format(java.util.Locale.ROOT, "%s-%03d.yaml", prefix, chunk), sb.toString());
        }
    }

    public Map<String, String> files() {
        return Collections.unmodifiableMap(files);
    }

    /** {@code 90s} or {@code 1500ms}: the Go duration the simulator's annotations take. */
    static String duration(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }
}
