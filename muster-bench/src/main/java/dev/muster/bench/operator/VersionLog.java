package dev.muster.bench.operator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.muster.core.quantity.Quantity;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Every version of a Job, Workload or Lease the mock API server stored, as its answers to writes
 * showed them (creates, updates, patches, deletions), whoever wrote: the controllers, the Job
 * creator and runner, the fault injector. Unlike an informer, which may skip versions when its
 * watch is dropped and it lists again, this misses none. {@link #sorted()} gives them in
 * {@code resourceVersion} order, which the mock takes from one counter for all objects.
 */
final class VersionLog {

    /** One stored version. */
    sealed interface Version permits JobVersion, WorkloadVersion, WorkloadDeleted, LeaseVersion {
        long rv();
    }

    /** @param job namespace/name */
    record JobVersion(long rv, String job, boolean suspended, boolean complete) implements Version {
    }

    /**
     * @param workload     namespace/name of the Workload object
     * @param job          namespace/name of the Job that controls it
     * @param clusterQueue from {@code status.admission}, or null
     * @param cpuMilli     the cpu {@code status.admission} assigns
     */
    record WorkloadVersion(long rv, String workload, String uid, String job, boolean quotaReserved, boolean admitted,
            boolean finished, String clusterQueue, long cpuMilli) implements Version {
    }

    /** A Workload object deleted (by hand: nothing else deletes them in the soak). */
    record WorkloadDeleted(long rv, String workload) implements Version {
    }

    record LeaseVersion(long rv, String lease, String holder) implements Version {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ConcurrentLinkedQueue<Version> versions = new ConcurrentLinkedQueue<>();
    /** Each Workload's latest version (absent once deleted): what the run waits on. */
    private final java.util.Map<String, WorkloadVersion> latest = new java.util.concurrent.ConcurrentHashMap<>();
    /** Jobs stored Complete. */
    private final java.util.Set<String> completeJobs = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Who wrote each Job and Workload version (a User-Agent), where the writer said: a violation's story names them. */
    private final java.util.Map<Long, String> writers = new java.util.concurrent.ConcurrentHashMap<>();

    /** Told every Workload version as it is recorded, on the server's thread that stored it. */
    private volatile java.util.function.Consumer<WorkloadVersion> onWorkload;

    void onWorkload(java.util.function.Consumer<WorkloadVersion> listener) {
        onWorkload = listener;
    }

    /** Records the object a write answered with, if it is a Job, Workload or Lease. */
    void stored(String plural, byte[] body) {
        stored(plural, body, null);
    }

    /** As {@link #stored(String, byte[])}, with who wrote it ({@code writer}: its User-Agent, or null). */
    void stored(String plural, byte[] body, String writer) {
        if (!plural.equals("jobs") && !plural.equals("workloads") && !plural.equals("leases")) {
            return;
        }
        JsonNode o;
        try {
            o = JSON.readTree(body);
        } catch (IOException e) {
            return; // not an object (a Status)
        }
        JsonNode meta = o.path("metadata");
        long rv = JobRunner.resourceVersion(meta.path("resourceVersion").asText(null));
        if (writer != null && !plural.equals("leases")) {
            writers.put(rv, writer);
        }
        String key = meta.path("namespace").asText("") + "/" + meta.path("name").asText();
        switch (o.path("kind").asText()) {
            case "Job" -> {
                boolean complete = condition(o, "Complete");
                versions.add(new JobVersion(rv, key, o.path("spec").path("suspend").asBoolean(false), complete));
                if (complete) {
                    completeJobs.add(key);
                }
            }
            case "Workload" -> {
                WorkloadVersion w = workload(rv, key, o);
                versions.add(w);
                latest.merge(w.workload(), w, (a, b) -> a.rv() > b.rv() ? a : b);
                java.util.function.Consumer<WorkloadVersion> listener = onWorkload;
                if (listener != null) {
                    listener.accept(w);
                }
            }
            case "Lease" -> versions.add(new LeaseVersion(rv, key, o.path("spec").path("holderIdentity").asText(null)));
            default -> {
                // a Status or another kind
            }
        }
    }

    /**
     * Jobs done: their Workload is Finished in its latest version, or the Job is Complete and has
     * no Workload (deleted by hand, or never made as it ran before any controller saw it): Kueue
     * makes none for a finished job.
     */
    int finishedJobs() {
        java.util.Set<String> done = new java.util.HashSet<>();
        java.util.Set<String> withWorkload = new java.util.HashSet<>();
        for (WorkloadVersion w : latest.values()) {
            if (w.job() != null) {
                withWorkload.add(w.job());
                if (w.finished()) {
                    done.add(w.job());
                }
            }
        }
        for (String job : completeJobs) {
            if (!withWorkload.contains(job)) {
                done.add(job);
            }
        }
        return done.size();
    }

    /** Who wrote the version stored at {@code rv}, if known. */
    java.util.Optional<String> writer(long rv) {
        return java.util.Optional.ofNullable(writers.get(rv));
    }

    int size() {
        return versions.size();
    }

    void workloadDeleted(long rv, String workload) {
        versions.add(new WorkloadDeleted(rv, workload));
        latest.remove(workload);
    }

    /** Every version so far, by resourceVersion (a deletion after the versions it follows). */
    List<Version> sorted() {
        List<Version> out = new ArrayList<>(versions);
        out.sort(Comparator.comparingLong(Version::rv).thenComparing(v -> v instanceof WorkloadDeleted));
        return out;
    }

    /** The versions of one job: its Job's and its Workloads' (a deleted Workload's deletion included). */
    static List<Version> of(List<Version> versions, String job) {
        java.util.Set<String> workloads = new java.util.HashSet<>();
        List<Version> out = new ArrayList<>();
        for (Version v : versions) {
            boolean ours = switch (v) {
                case JobVersion j -> j.job().equals(job);
                case WorkloadVersion w -> job.equals(w.job()) && workloads.add(w.workload()) | true;
                case WorkloadDeleted d -> workloads.contains(d.workload());
                case LeaseVersion l -> false;
            };
            if (ours) {
                out.add(v);
            }
        }
        return out;
    }

    private static WorkloadVersion workload(long rv, String key, JsonNode o) {
        String ns = o.path("metadata").path("namespace").asText("");
        String job = null;
        for (JsonNode owner : o.path("metadata").path("ownerReferences")) {
            if (owner.path("controller").asBoolean(false)) {
                job = ns + "/" + owner.path("name").asText();
            }
        }
        JsonNode admission = o.path("status").path("admission");
        String clusterQueue = admission.isObject() ? admission.path("clusterQueue").asText(null) : null;
        long cpu = 0;
        for (JsonNode psa : admission.path("podSetAssignments")) {
            JsonNode c = psa.path("resourceUsage").path("cpu");
            if (!c.isMissingNode() && !c.isNull()) {
                cpu += Quantity.parse(c.asText()).milli();
            }
        }
        return new WorkloadVersion(rv, key, o.path("metadata").path("uid").asText(null), job,
                condition(o, "QuotaReserved"), condition(o, "Admitted"), condition(o, "Finished"), clusterQueue, cpu);
    }

    private static boolean condition(JsonNode o, String type) {
        for (JsonNode c : o.path("status").path("conditions")) {
            if (type.equals(c.path("type").asText()) && "True".equals(c.path("status").asText())) {
                return true;
            }
        }
        return false;
    }
}
