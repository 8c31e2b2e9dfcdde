package dev.muster.operator.visibility;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * The query parameters of a pendingworkloads request, as Kueue reads them
 * (apis/visibility/v1beta1/types.go PendingWorkloadOptions, pkg/visibility/storage/utils.go
 * boundedLimitOffset): {@code offset}, the position of the first workload returned (default 0),
 * and {@code limit}, how many at most (default {@value #DEFAULT_LIMIT}); a negative value counts
 * as 0 and a limit above {@value #MAX_LIMIT} as that.
 */
public record PendingWorkloadsOptions(long offset, long limit) {

    /** Kueue's constants.DefaultPendingWorkloadsLimit. */
    public static final long DEFAULT_LIMIT = 1000;
    /** Kueue's constants.MaxPendingWorkloadsLimit. */
    public static final long MAX_LIMIT = 100_000;
    public static final PendingWorkloadsOptions DEFAULTS = new PendingWorkloadsOptions(0, DEFAULT_LIMIT);

    public PendingWorkloadsOptions {
        offset = Math.max(offset, 0);
        limit = Math.min(Math.max(limit, 0), MAX_LIMIT);
    }

    /**
     * Reads {@code offset} and {@code limit} from a raw query string (null: none); other parameters
     * are ignored, as the API server's parameter codec ignores them.
     *
     * @throws IllegalArgumentException when offset or limit is not an integer
     */
    public static PendingWorkloadsOptions parse(String rawQuery) {
        long offset = 0;
        long limit = DEFAULT_LIMIT;
        if (rawQuery != null && !rawQuery.isEmpty()) {
            for (String pair : rawQuery.split("&")) {
                int eq = pair.indexOf('=');
                String name = decode(eq < 0 ? pair : pair.substring(0, eq));
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                switch (name) {
                    case "offset" -> offset = integer(name, value);
                    case "limit" -> limit = integer(name, value);
                    default -> { }
                }
            }
        }
        return new PendingWorkloadsOptions(offset, limit);
    }

    private static long integer(String name, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": \"" + value + "\" is not an integer");
        }
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
