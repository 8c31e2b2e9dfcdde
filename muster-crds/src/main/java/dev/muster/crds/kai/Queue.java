package dev.muster.crds.kai;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Categories;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * A KAI Scheduler queue: a node of the queue tree with, per resource, a guaranteed quota, a limit and
 * a weight for the surplus. Jobs choose their queue with the label {@code kai.scheduler/queue}.
 */
@Group(Queue.GROUP)
@Version(Queue.VERSION)
@Kind("Queue")
@Plural("queues")
@Singular("queue")
@Categories({"kai", "muster"})
@JsonClassDescription("Queue is a KAI Scheduler queue: per resource, a guaranteed quota, a limit and a weight for the surplus.")
@AdditionalPrinterColumn(name = "Priority", jsonPath = ".spec.priority", type = AdditionalPrinterColumn.Type.INTEGER,
        getDescription = "Queues of higher priority get surplus resources first")
@AdditionalPrinterColumn(name = "Parent", jsonPath = ".spec.parentQueue", type = AdditionalPrinterColumn.Type.STRING,
        getDescription = "Parent queue")
@AdditionalPrinterColumn(name = "Children", jsonPath = ".status.childQueues", type = AdditionalPrinterColumn.Type.STRING,
        priority = 1, getDescription = "Child queues")
@AdditionalPrinterColumn(name = "Display Name", jsonPath = ".spec.displayName", type = AdditionalPrinterColumn.Type.STRING,
        priority = 1, getDescription = "Name shown to users")
public class Queue extends CustomResource<QueueSpec, QueueStatus> {

    public static final String GROUP = "scheduling.run.ai";
    public static final String VERSION = "v2";
    /** Label of a job (or its top owner) that names its queue. */
    public static final String QUEUE_LABEL = "kai.scheduler/queue";
}
