package dev.muster.operator.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.utils.HttpClientUtils;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Before the controller starts: one line per failed attempt, backing off, and a deadline if asked for. */
@EnableKubernetesMockClient
class ApiServerProbeTest {

    KubernetesMockServer server;

    /** A clock that only moves when the probe waits, and the waits it was asked for. */
    private static final class FakeClock implements ApiServerProbe.Clock {
        long nanos;
        final List<Duration> waits = new ArrayList<>();

        @Override
        public long nanoTime() {
            return nanos;
        }

        @Override
        public void sleep(Duration d) {
            waits.add(d);
            nanos += d.toNanos();
        }
    }

    @Test
    void aServerThatAnswersIsReachedAtOnceWithItsVersion() throws Exception {
        Config config = server.createClient().getConfiguration();
        List<String> said = new ArrayList<>();

        var reached = new ApiServerProbe(config, HttpClientUtils.getHttpClientFactory(), said::add, new FakeClock()).reach(Optional.empty());

        assertThat(reached).get().extracting(ApiServerProbe.Reached::server).isEqualTo(config.getMasterUrl());
        // fabric8's mock answers /version itself: major 0, minor 0 and no gitVersion
        assertThat(reached.get().version()).isEqualTo("0.0");
        assertThat(said).isEmpty();
    }

    @Test
    void aServerThatRefusesIsToldOncePerAttemptBackingOffToThirtySecondsUntilTheDeadline() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        Config config = new ConfigBuilder(Config.empty()).withMasterUrl("http://127.0.0.1:" + closedPort).build();
        List<String> said = new ArrayList<>();
        FakeClock clock = new FakeClock();

        var reached = new ApiServerProbe(config, HttpClientUtils.getHttpClientFactory(), said::add, clock)
                .reach(Optional.of(Duration.ofMinutes(2)));

        assertThat(reached).isEmpty();
        // 1 + 2 + 4 + 8 + 16 + 30 + 30 = 91 s; the next 30 s wait would end past 2 minutes, so it stops there
        assertThat(clock.waits).extracting(Duration::toSeconds).containsExactly(1L, 2L, 4L, 8L, 16L, 30L, 30L);
        assertThat(said).hasSize(8);
        assertThat(said.get(0)).isEqualTo("cannot reach the API server at http://127.0.0.1:" + closedPort
                + "/: connection refused; trying again in 1s");
        assertThat(said.get(7)).endsWith(": connection refused");
    }
}
