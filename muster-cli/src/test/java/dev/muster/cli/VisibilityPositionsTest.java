package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Positions from the visibility API's answers, and every way it may not answer. */
class VisibilityPositionsTest {

    private static final String V1 = "/apis/visibility.kueue.x-k8s.io/v1beta1/";
    private static final String SUMMARY = """
            {"kind": "PendingWorkloadsSummary", "apiVersion": "visibility.kueue.x-k8s.io/v1beta1",
             "metadata": {"creationTimestamp": null},
             "items": [
               {"metadata": {"name": "job-a-1", "namespace": "team-a", "creationTimestamp": "2026-11-26T15:00:00Z"},
                "priority": 100, "localQueueName": "ml", "positionInClusterQueue": 0, "positionInLocalQueue": 0},
               {"metadata": {"name": "job-b-2", "namespace": "team-b", "creationTimestamp": "2026-11-26T15:01:00Z"},
                "priority": 0, "localQueueName": "ml", "positionInClusterQueue": 1, "positionInLocalQueue": 0}]}""";
    private static final String NOT_FOUND = """
            {"kind": "Status", "apiVersion": "v1", "status": "Failure", "message": "the server could not find the requested resource",
             "reason": "NotFound", "details": {}, "code": 404}""";

    /** An API server that answers each path with {@code answers} and records what was asked. */
    private static final class Stub implements ApiGet {
        final List<String> asked = new ArrayList<>();
        final Function<String, Answer> answers;

        Stub(Function<String, Answer> answers) {
            this.answers = answers;
        }

        @Override
        public Answer get(String path) throws IOException {
            asked.add(path);
            Answer a = answers.apply(path);
            if (a == null) {
                throw new ConnectException("Connection refused");
            }
            return a;
        }

        @Override
        public String server() {
            return "https://stub";
        }
    }

    private static final List<VisibilityPositions.Queues> TWO = List.of(new VisibilityPositions.Queues("shared", "team-a", "ml"),
            new VisibilityPositions.Queues("shared", "team-b", "ml"));

    @Test
    void oneClusterQueueAnswerGivesBothPositionsOfEach() {
        Stub api = new Stub(p -> new ApiGet.Answer(200, SUMMARY));

        VisibilityPositions.Result r = VisibilityPositions.of(api, TWO);

        assertThat(api.asked).containsExactly(V1 + "clusterqueues/shared/pendingworkloads?limit=100000");
        assertThat(r.positions()).isEqualTo(Map.of("team-a/job-a-1", new QueuePosition(0, 0),
                "team-b/job-b-2", new QueuePosition(1, 0)));
        assertThat(r.notes()).isEmpty();
    }

    @Test
    void aForbiddenClusterQueueIsReadThroughItsLocalQueues() {
        Stub api = new Stub(p -> p.contains("/clusterqueues/") ? new ApiGet.Answer(403, """
                {"kind": "Status", "message": "clusterqueues.visibility.kueue.x-k8s.io \\"shared\\" is forbidden", "code": 403}""")
                : new ApiGet.Answer(200, SUMMARY));

        VisibilityPositions.Result r = VisibilityPositions.of(api, TWO);

        assertThat(api.asked).containsExactly(V1 + "clusterqueues/shared/pendingworkloads?limit=100000",
                V1 + "namespaces/team-a/localqueues/ml/pendingworkloads?limit=100000",
                V1 + "namespaces/team-b/localqueues/ml/pendingworkloads?limit=100000");
        assertThat(r.positions()).containsEntry("team-b/job-b-2", new QueuePosition(1, 0));
        assertThat(r.notes()).containsExactly("positions unknown in ClusterQueue shared: forbidden (403, RBAC):"
                + " clusterqueues.visibility.kueue.x-k8s.io \"shared\" is forbidden");
    }

    @Test
    void anApiThatIsNotServedIsOneNoteAndNoFailure() {
        Stub api = new Stub(p -> new ApiGet.Answer(404, NOT_FOUND));

        VisibilityPositions.Result r = VisibilityPositions.of(api, List.of(new VisibilityPositions.Queues("a", "x", "q"),
                new VisibilityPositions.Queues("b", "y", "q")));

        // v1beta1, then v1beta2 in case only that is served; then no more asking
        assertThat(api.asked).containsExactly(V1 + "clusterqueues/a/pendingworkloads?limit=100000",
                "/apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues/a/pendingworkloads?limit=100000");
        assertThat(r.positions()).isEmpty();
        assertThat(r.notes()).singleElement().asString().startsWith("positions unknown: the visibility API answered 404"
                + " (the server could not find the requested resource) to GET /apis/visibility.kueue.x-k8s.io/v1beta2/");
    }

    @Test
    void anUnreachableOrUnavailableApiIsANoteToo() {
        VisibilityPositions.Result unreachable = VisibilityPositions.of(new Stub(p -> null), TWO);
        VisibilityPositions.Result unavailable = VisibilityPositions.of(new Stub(p -> new ApiGet.Answer(503,
                "service unavailable\n")), TWO);

        assertThat(unreachable.notes()).containsExactly(
                "positions unknown: the visibility API could not be reached (Connection refused)");
        assertThat(unavailable.notes()).singleElement().asString()
                .startsWith("positions unknown: the visibility API answered 503 (service unavailable) to GET");
    }

    @Test
    void aQueueTheApiDoesNotKnowIsNamedAndTheOthersAreStillAsked() {
        Stub api = new Stub(p -> p.contains("/a/") ? new ApiGet.Answer(404, """
                {"kind": "Status", "message": "clusterqueue.visibility.kueue.x-k8s.io \\"a\\" not found", "reason": "NotFound",
                 "details": {"name": "a", "group": "visibility.kueue.x-k8s.io", "kind": "clusterqueue"}, "code": 404}""")
                : new ApiGet.Answer(200, SUMMARY));

        VisibilityPositions.Result r = VisibilityPositions.of(api, List.of(new VisibilityPositions.Queues("a", "x", "q"),
                new VisibilityPositions.Queues("b", "team-a", "ml"), new VisibilityPositions.Queues(null, "team-c", "lq")));

        assertThat(api.asked).containsExactly(V1 + "clusterqueues/a/pendingworkloads?limit=100000",
                V1 + "clusterqueues/b/pendingworkloads?limit=100000",
                // no ClusterQueue known: its LocalQueue is asked
                V1 + "namespaces/team-c/localqueues/lq/pendingworkloads?limit=100000");
        assertThat(r.notes()).containsExactly("positions unknown in ClusterQueue a: the visibility API does not know it"
                + " (clusterqueue.visibility.kueue.x-k8s.io \"a\" not found)");
        assertThat(r.positions()).containsKey("team-a/job-a-1");
    }

    @Test
    void anAnswerThatIsNoSummaryIsRejectedNamingWhy() {
        assertThatThrownBy(() -> VisibilityPositions.positions("<html>")).hasMessageStartingWith("not JSON");
        assertThatThrownBy(() -> VisibilityPositions.positions("{\"kind\": \"Status\"}")).hasMessage("it has no items list");
        assertThatThrownBy(() -> VisibilityPositions.positions("{\"items\": [{\"metadata\": {\"name\": \"x\"}}]}"))
                .hasMessage("items[0] has no metadata.name or metadata.namespace");
    }
}
