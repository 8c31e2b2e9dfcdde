package dev.muster.cli;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * What stopped {@code muster explain} from reading a live cluster, in one line that names what
 * failed (the kubeconfig, the API server, the permission, the workload): an input error (exit 2),
 * not a bug.
 */
final class ClusterFailure extends Exception {

    ClusterFailure(String message) {
        super(message);
    }

    ClusterFailure(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * A failed API call in words: {@code what} is the call ("list workloads.kueue.x-k8s.io in all
     * namespaces"), {@code server} the API server's address.
     */
    static ClusterFailure of(KubernetesClientException e, String what, String server) {
        int code = e.getCode();
        String status = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
                : firstLine(e.getMessage());
        if (code == 401) {
            return new ClusterFailure("the API server at " + server + " did not accept the credentials (401 Unauthorized)"
                    + " when asked to " + what + "; check the kubeconfig's user", e);
        }
        if (code == 403) {
            return new ClusterFailure("forbidden to " + what + " (403, RBAC): " + status, e);
        }
        if (code > 0) {
            return new ClusterFailure("the API server at " + server + " answered " + code + " when asked to " + what + ": "
                    + status, e);
        }
        return unreachable(server, e);
    }

    /** The API server could not be reached at all: the cause's own words (connection refused, unknown host, TLS). */
    static ClusterFailure unreachable(String server, Throwable e) {
        return new ClusterFailure("cannot reach the API server at " + server + ": " + rootCause(e), e);
    }

    private static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String kind = switch (t) {
            case ConnectException c -> "connection refused";
            case UnknownHostException u -> "unknown host";
            case SSLException s -> "TLS failed";
            case HttpTimeoutException h -> "timed out";
            case TimeoutException h -> "timed out";
            case IOException i -> "I/O error";
            default -> t.getClass().getSimpleName();
        };
        String message = firstLine(t.getMessage());
        return message.isEmpty() ? kind : kind + " (" + message + ")";
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("").strip();
    }
}
