package dev.muster.operator.kube;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.VersionInfo;
import io.fabric8.kubernetes.client.http.HttpClient;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Asks the API server for its version before the controller starts, so that a wrong kubeconfig or
 * a server that is down is said in one line per attempt ("cannot reach https://...: connection
 * refused; trying again in 4s") rather than left to informers that retry without a word. Attempts
 * back off from 1 s to 30 s; with a deadline, the probe gives up after it.
 *
 * <p>The probe's own client does not retry (fabric8 retries a failed request up to ten times with
 * its own back-off, which would hide each failure for a minute and more).
 */
public final class ApiServerProbe {

    /** The server answered: its address and Kubernetes version. */
    public record Reached(String server, String version) {
    }

    static final Duration FIRST_WAIT = Duration.ofSeconds(1);
    static final Duration LONGEST_WAIT = Duration.ofSeconds(30);

    /** The time and the waiting (a test passes a clock that only moves when it waits). */
    interface Clock {
        long nanoTime();

        void sleep(Duration d) throws InterruptedException;

        Clock SYSTEM = new Clock() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void sleep(Duration d) throws InterruptedException {
                Thread.sleep(d.toMillis());
            }
        };
    }

    private final Config config;
    private final HttpClient.Factory httpClients;
    private final Consumer<String> say;
    private final Clock clock;

    /** @param httpClients the HTTP client the controller's own client uses, so the probe tries the same way */
    public ApiServerProbe(Config config, HttpClient.Factory httpClients, Consumer<String> say) {
        this(config, httpClients, say, Clock.SYSTEM);
    }

    ApiServerProbe(Config config, HttpClient.Factory httpClients, Consumer<String> say, Clock clock) {
        this.config = new ConfigBuilder(config).withRequestRetryBackoffLimit(0).withConnectionTimeout(5_000)
                .withRequestTimeout(10_000).build();
        this.httpClients = httpClients;
        this.say = say;
        this.clock = clock;
    }

    /**
     * Tries until the server answers, or until {@code deadline} has passed (empty: for ever).
     *
     * @return the server reached, or empty when the deadline passed first
     */
    public Optional<Reached> reach(Optional<Duration> deadline) throws InterruptedException {
        long start = clock.nanoTime();
        Duration wait = FIRST_WAIT;
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config)
                .withHttpClientFactory(httpClients).build()) {
            while (true) {
                String failure;
                try {
                    VersionInfo v = client.getKubernetesVersion();
                    String version = v.getGitVersion() != null ? v.getGitVersion() : v.getMajor() + "." + v.getMinor();
                    return Optional.of(new Reached(config.getMasterUrl(), version));
                } catch (RuntimeException e) {
                    failure = reason(e);
                }
                Duration elapsed = Duration.ofNanos(clock.nanoTime() - start);
                if (deadline.isPresent() && elapsed.plus(wait).compareTo(deadline.get()) > 0) {
                    say.accept("cannot reach the API server at " + config.getMasterUrl() + ": " + failure);
                    return Optional.empty();
                }
                say.accept("cannot reach the API server at " + config.getMasterUrl() + ": " + failure
                        + "; trying again in " + wait.toSeconds() + "s");
                clock.sleep(wait);
                wait = wait.multipliedBy(2).compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait.multipliedBy(2);
            }
        }
    }

    /**
     * What went wrong, in words: "connection refused", "unknown host ...", "no answer within 10s", or
     * the deepest cause's own message ("Unauthorized" comes from the server).
     */
    static String reason(Throwable e) {
        String deepest = null;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.net.ConnectException) {
                return "connection refused";
            }
            if (t instanceof java.net.UnknownHostException) {
                return "unknown host " + t.getMessage();
            }
            if (t instanceof java.net.SocketTimeoutException || t instanceof java.util.concurrent.TimeoutException) {
                return "no answer in time";
            }
            if (t instanceof io.fabric8.kubernetes.client.KubernetesClientException k && k.getCode() > 0) {
                return "the server answered " + k.getCode() + (k.getStatus() != null && k.getStatus().getMessage() != null
                        ? " (" + k.getStatus().getMessage() + ")" : "");
            }
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                deepest = t.getMessage().lines().findFirst().orElse("").strip();
            }
        }
        return deepest != null ? deepest : e.getClass().getSimpleName();
    }
}
