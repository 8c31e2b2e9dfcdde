package dev.muster.operator.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.jupiter.api.Test;

/** What Muster's patches on a job say, and which of them hold only on the job as it was read. */
class JobPatchesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aStopHoldsOnlyOnTheJobAsLastSeen() throws Exception {
        JsonNode job = JSON.readTree("""
                {"metadata": {"name": "train", "namespace": "default", "resourceVersion": "417"},
                 "spec": {"suspend": false, "template": {"spec": {}}}}
                """);
        ArrayNode stop = JobPatches.stop(job, new BatchJobAdapter());

        assertThat(stop.get(0).toString())
                .as("first, the precondition: the API server answers 409 if the job changed since resourceVersion 417")
                .isEqualTo("{\"op\":\"replace\",\"path\":\"/metadata/resourceVersion\",\"value\":\"417\"}");
        assertThat(stop.get(stop.size() - 1).toString()).isEqualTo("{\"op\":\"add\",\"path\":\"/spec/suspend\",\"value\":true}");
        assertThat(JobPatches.preconditioned(stop)).isTrue();
    }

    @Test
    void aJobNeverReadHasNoPreconditionAndSuspendingAtFirstSightNeedsNone() throws Exception {
        JsonNode unread = JSON.readTree("{\"metadata\": {\"name\": \"train\"}, \"spec\": {}}");
        assertThat(JobPatches.preconditioned(JobPatches.stop(unread, new BatchJobAdapter()))).isFalse();
        assertThat(JobPatches.preconditioned(JobPatches.suspend())).isFalse();
    }
}
