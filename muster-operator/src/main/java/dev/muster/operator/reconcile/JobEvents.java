package dev.muster.operator.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.operator.jobs.JobAdapter;

/** Where the job reconcilers send what they see: the decider of the current leadership, if any. */
public interface JobEvents {

    void job(JobAdapter adapter, JsonNode job);

    void jobDeleted(JobAdapter adapter, JsonNode job);
}
