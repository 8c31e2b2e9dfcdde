package dev.muster.api.workload;

import dev.muster.core.model.ObjectKey;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The name Kueue gives the Workload of a job: {@code <kind>-<job name>-<5 hex digits>}; a Workload
 * object keeps its own name. Kueue hashes the job's name and UID; Muster hashes the kind,
 * namespace and name, so that the name is the same in every run and in the virtual cluster.
 */
public final class KueueWorkloadNames {

    /** Kubernetes' limit on object names. */
    private static final int MAX_NAME = 253;

    private KueueWorkloadNames() {
    }

    public static String of(String kind, ObjectKey job) {
        if (kind.equals("Workload")) {
            return job.name();
        }
        String suffix = "-" + hash(kind + "/" + job);
        String prefix = kind.toLowerCase(Locale.ROOT) + "-" + job.name();
        return prefix.substring(0, Math.min(prefix.length(), MAX_NAME - suffix.length())) + suffix;
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 5);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is part of every Java runtime", e);
        }
    }
}
