package dev.muster.operator.twin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.api.workload.KueueWorkloadNames;
import dev.muster.operator.MusterOperator;
import dev.muster.operator.OperatorCluster;
import dev.muster.operator.OperatorOptions;
import dev.muster.operator.decide.Decider;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.metrics.MusterMetrics;
import dev.muster.operator.webhook.SuspendOnCreate;
import dev.muster.core.model.ObjectKey;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.zjsonpatch.JsonPatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * {@code muster run} on a scenario: the real operator against the mock API server, in virtual
 * time. The test creates each job at its arrival, stands in for the jobs' controllers and the
 * kubelet, and moves the operator's clock from one moment to the next (an arrival, pods becoming
 * ready, a run ending, a wakeup the engine asked for), waiting for the operator to be quiet in
 * between. What the operator decided is read from what it writes: the Events on each job
 * (Admitted, Preempted, Evicted), the Workload's status.admission (flavors) and where its pods
 * were bound.
 */
final class OperatorRun {

    /** Nothing written to the API server for this long (real time): the operator is done with a moment. */
    private static final long QUIET_MILLIS = 100;
    /** How long the changes of one moment are given to reach the held decider (through informers and JOSDK). */
    private static final long PASS_ON_MILLIS = 250;
    /** How long a write of the test may take to reach the decider (through an informer or JOSDK). */
    private static final long REACTION_MILLIS = 2_000;
    private static final int MAX_MOMENTS = 300;
    /** How long (real time) the pods of an admission are given to be bound before it is told. */
    private static final long BINDING_MILLIS = 5_000;

    private final TwinWorld world;
    private final VirtualClock clock;
    private final VirtualTimeApiServer api;
    private final KubernetesClient client;
    private final JobStatuses statuses;
    private final PodStandIns pods;
    private final AutoscalerStandIn autoscaler;
    private final Histories histories = new Histories();
    private final PriorityQueue<Timer> timers = new PriorityQueue<>();
    private final Map<String, Tracked> byId = new LinkedHashMap<>();
    /** How often each Event was seen so far: the operator counts a repeat on the Event written before, as kube's recorder does. */
    private final Map<String, Integer> eventsSeen = new HashMap<>();
    private final List<TwinWorld.Job> created = new ArrayList<>();
    private final Set<String> ended = new HashSet<>();
    private final List<TwinWorld.Job> arrived = new ArrayList<>();
    private Decider decider;
    private long timerSequence;

    private record Timer(long at, long sequence, Runnable action) implements Comparable<Timer> {
        @Override
        public int compareTo(Timer o) {
            return at != o.at ? Long.compare(at, o.at) : Long.compare(sequence, o.sequence);
        }
    }

    /** A job as the stand-ins follow it: its admissions so far, and the one whose places are not told yet. */
    private static final class Tracked {
        final TwinWorld.Job job;
        int admissions;
        boolean admitted;
        Long openAdmissionAt;
        Map<String, Map<String, String>> openFlavors;
        /** How many pods the open admission placed (all of its pods: the engine places gangs whole). */
        int openPods;

        Tracked(TwinWorld.Job job) {
            this.job = job;
        }
    }

    private OperatorRun(TwinWorld world, VirtualClock clock, VirtualTimeApiServer api) {
        this.world = world;
        this.clock = clock;
        this.api = api;
        this.client = api.client();
        this.statuses = new JobStatuses(client);
        this.pods = new PodStandIns(client);
        this.autoscaler = world.nodePools().isEmpty() ? null : new AutoscalerStandIn(client, () -> decider, clock,
                world.nodePools(), world.provisioningChecks(), this::at);
    }

    static Histories of(TwinWorld world) {
        VirtualClock clock = new VirtualClock();
        try (VirtualTimeApiServer api = new VirtualTimeApiServer(clock)) {
            return new OperatorRun(world, clock, api).run();
        }
    }

    private Histories run() {
        new OperatorCluster(client).withCrds(KubeKind.RESOURCE_FLAVOR, KubeKind.CLUSTER_QUEUE, KubeKind.LOCAL_QUEUE,
                KubeKind.COHORT, KubeKind.WORKLOAD, KubeKind.WORKLOAD_PRIORITY_CLASS, KubeKind.ADMISSION_CHECK,
                KubeKind.PROVISIONING_REQUEST_CONFIG, KubeKind.PROVISIONING_REQUEST, KubeKind.KAI_QUEUE,
                KubeKind.RAY_JOB, KubeKind.RAY_CLUSTER);
        world.configuration().forEach(this::create);
        if (autoscaler != null) {
            autoscaler.start();
        }
        OperatorOptions options = OperatorOptions.defaults("twin").withLeaderElection(false, "default")
                .withSchedulerNames(Set.of(OperatorOptions.SCHEDULER_NAME, "kai-scheduler"))
                .withConfiguration(world.managerConfig());
        try (MusterOperator operator = new MusterOperator(client, options, new MusterMetrics(), clock)) {
            operator.start();
            decider = operator.decider().orElseThrow();
            for (TwinWorld.Job job : world.jobs()) {
                byId.put(job.id(), new Tracked(job));
                at(job.run().arrivalMillis(), () -> arrive(job));
            }
            awaitJobsKnown();
            settle();
            for (int moment = 0; moment < MAX_MOMENTS; moment++) {
                long next = nextMoment();
                if (next == Long.MAX_VALUE) {
                    return histories;
                }
                long before = decider.cycles();
                clock.set(next);
                List<Runnable> due = new ArrayList<>();
                while (!timers.isEmpty() && timers.peek().at() <= next) {
                    due.add(timers.poll().action());
                }
                together(due);
                decider.stateOf("", new ObjectKey("", "")); // wakes the decider: its clock moved
                awaitCycleAfter(before);
                settle();
            }
            throw new IllegalStateException(world.name() + ": more than " + MAX_MOMENTS + " moments");
        }
    }

    /**
     * Carries out what happens at one moment as the simulator does, all before the engine decides:
     * the decider is held (on its own thread) while the API server and JOSDK pass the changes on.
     * With an autoscaler every moment is held: one of its actions writes several objects (the nodes
     * of a request, then the request's conditions), which the simulator applies at once.
     */
    private void together(List<Runnable> changes) {
        if (changes.size() < 2 && autoscaler == null) {
            changes.forEach(Runnable::run);
            return;
        }
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        decider.beforeNextCycle(() -> {
            held.countDown();
            try {
                release.await(30, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            held.await(10, java.util.concurrent.TimeUnit.SECONDS);
            changes.forEach(Runnable::run);
            sleep(PASS_ON_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            release.countDown();
        }
    }

    /** The earliest of the stand-ins' timers and the engine's own wakeup; Long.MAX_VALUE when none. */
    private long nextMoment() {
        long next = timers.isEmpty() ? Long.MAX_VALUE : timers.peek().at();
        var wakeup = decider.nextWakeupMillis();
        if (wakeup.isPresent()) {
            long at = wakeup.getAsLong() - VirtualClock.EPOCH.toEpochMilli();
            if (at > clock.virtualMillis()) {
                next = Math.min(next, at);
            }
        }
        return next;
    }

    private void at(long virtualMillis, Runnable action) {
        timers.add(new Timer(virtualMillis, timerSequence++, action));
    }

    private void arrive(TwinWorld.Job job) {
        create(throughWebhook(job.manifest()));
        created.add(job);
        arrived.add(job);
    }

    /**
     * The job as Muster's webhook lets it into a cluster: a job of a Kueue queue is created
     * suspended (the webhook's patch applied), so that it enters the engine at its arrival, as in the
     * simulator. Created as written, it would run at first and enter only once the operator had
     * suspended it (its path for a job made while the webhook was down), a cycle later.
     */
    private static GenericKubernetesResource throughWebhook(GenericKubernetesResource job) {
        ObjectMapper json = new ObjectMapper();
        JsonNode object = json.valueToTree(job);
        String[] apiVersion = job.getApiVersion().split("/");
        ObjectNode review = json.createObjectNode()
                .put("apiVersion", SuspendOnCreate.ADMISSION_API_VERSION).put("kind", SuspendOnCreate.ADMISSION_KIND);
        ObjectNode request = review.putObject("request").put("uid", "twin")
                .put("operation", "CREATE").put("namespace", job.getMetadata().getNamespace());
        request.putObject("kind").put("group", apiVersion.length == 2 ? apiVersion[0] : "")
                .put("version", apiVersion[apiVersion.length - 1]).put("kind", job.getKind());
        request.set("object", object);
        JsonNode response = new SuspendOnCreate().review(review).path("response");
        if (!response.path("allowed").asBoolean()) {
            throw new IllegalStateException("Muster's webhook refuses " + job.getKind() + " " + job.getMetadata().getName()
                    + ": " + response.path("status").path("message").asText());
        }
        if (!response.hasNonNull("patch")) {
            return job;
        }
        try {
            JsonNode patch = json.readTree(Base64.getDecoder().decode(response.get("patch").asText()));
            return json.treeToValue(JsonPatch.apply(patch, object), GenericKubernetesResource.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The jobs created at this moment have reached the decider (through JOSDK's reconcilers). */
    private void awaitJobsKnown() {
        long deadline = System.currentTimeMillis() + 20_000;
        for (TwinWorld.Job job : arrived) {
            while (job.queued() && decider.stateOf(job.source().kind(), job.source().key()).isEmpty()) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException(world.name() + ": the operator never sees " + job.id());
                }
                sleep(10);
            }
        }
        arrived.clear();
    }

    private void create(GenericKubernetesResource r) {
        KubeKind kind = ResourceKinds.of(r);
        var op = client.genericKubernetesResources(kind.context());
        if (kind.namespaced()) {
            String ns = r.getMetadata().getNamespace() == null ? "default" : r.getMetadata().getNamespace();
            op.inNamespace(ns).resource(r).create();
        } else {
            op.resource(r).create();
        }
    }

    /**
     * The operator and the stand-ins take turns until neither has anything left to do at this
     * moment; then the places of this moment's admissions are told.
     */
    private void settle() {
        awaitJobsKnown();
        awaitQuiet();
        long bindingDeadline = System.currentTimeMillis() + BINDING_MILLIS;
        for (int round = 0; round < 50; round++) {
            boolean acted = observeEvents();
            if (world.placesPods()) {
                acted |= pods.react(created, ended, statuses);
            }
            if (autoscaler != null) {
                acted |= autoscaler.react();
            }
            if (acted) {
                awaitJobsKnown();
            }
            awaitQuiet();
            if (!acted && !bindingsDue(bindingDeadline)) {
                byId.values().forEach(this::closeAdmission);
                return;
            }
        }
        throw new IllegalStateException(world.name() + ": the operator does not settle at " + clock.virtualMillis() + " ms");
    }

    /**
     * Whether an admission of this moment still has pods without a node while there is time: on a
     * loaded machine the operator's bindings may come after a quiet spell, and an admission is
     * told with its places only once.
     */
    private boolean bindingsDue(long deadline) {
        if (!world.placesPods() || System.currentTimeMillis() > deadline) {
            return false;
        }
        for (Tracked t : byId.values()) {
            if (t.openAdmissionAt != null && pods.places(t.job).size() < t.openPods) {
                sleep(20);
                return true;
            }
        }
        return false;
    }

    /**
     * Waits for the decider's reaction to what the test wrote: a cycle after {@code before}. Not
     * every write makes one (a Binding deleted), hence the bound.
     */
    private void awaitCycleAfter(long before) {
        long deadline = System.currentTimeMillis() + REACTION_MILLIS;
        while (decider.cycles() <= before && System.currentTimeMillis() < deadline) {
            sleep(5);
        }
    }

    /**
     * Waits until nothing has been written to the API server for a while, the decider having
     * handled what was posted to it before (a question asked twice is answered after the cycle
     * that follows whatever was posted before the first). Its cycle count is no sign: with the
     * clock standing still, a wakeup due a millisecond later makes it cycle until the clock moves.
     */
    private void awaitQuiet() {
        long deadline = System.currentTimeMillis() + 20_000;
        while (true) {
            barrier();
            long writes = api.writes();
            long stableSince = System.currentTimeMillis();
            while (System.currentTimeMillis() - stableSince < QUIET_MILLIS) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException(world.name() + ": the operator is never quiet at " + clock.virtualMillis() + " ms");
                }
                sleep(10);
                long now = api.writes();
                if (now != writes) {
                    writes = now;
                    stableSince = System.currentTimeMillis();
                }
            }
            barrier();
            if (api.writes() == writes) {
                return;
            }
        }
    }

    private void barrier() {
        decider.stateOf("", new ObjectKey("", ""));
        decider.stateOf("", new ObjectKey("", ""));
    }

    /** The operator's new events on jobs, in the order it wrote them; returns whether the stand-ins wrote anything. */
    private boolean observeEvents() {
        List<Event> fresh = new ArrayList<>();
        for (Event e : client.v1().events().inAnyNamespace().list().getItems()) {
            int count = e.getCount() == null ? 1 : e.getCount();
            Integer before = eventsSeen.put(e.getMetadata().getNamespace() + "/" + e.getMetadata().getName(), count);
            for (int i = before == null ? 0 : before; i < count; i++) {
                fresh.add(e);
            }
        }
        // In the order written: by when last seen, then by name (the recorder's names grow).
        fresh.sort(Comparator.comparing((Event e) -> Instant.parse(e.getLastTimestamp())).thenComparing(e -> e.getMetadata().getName()));
        boolean acted = false;
        for (Event e : fresh) {
            var o = e.getInvolvedObject();
            Tracked t = byId.get(TwinWorld.id(o.getKind(), o.getNamespace(), o.getName()));
            if (t == null) {
                continue;
            }
            acted |= switch (e.getReason()) {
                case "Admitted" -> admitted(t);
                case "Preempted", "Evicted" -> evicted(t, e.getReason(), e.getMessage());
                default -> false;
            };
        }
        return acted;
    }

    /** Returns whether its pods are ready at once (written now). */
    private boolean admitted(Tracked t) {
        closeAdmission(t);
        t.admissions++;
        t.admitted = true;
        t.openAdmissionAt = clock.virtualMillis();
        t.openFlavors = admittedFlavors(t.job);
        t.openPods = t.openFlavors.keySet().stream().mapToInt(k -> Integer.parseInt(k.substring(k.lastIndexOf(" x") + 2))).sum();
        int admission = t.admissions;
        long readyAfter = t.job.run().podsReadyAfterMillis();
        if (readyAfter == 0) {
            podsReady(t, admission);
            return true;
        }
        at(clock.virtualMillis() + readyAfter, () -> podsReady(t, admission));
        return false;
    }

    private void podsReady(Tracked t, int admission) {
        if (t.admissions != admission || !t.admitted) {
            return;
        }
        statuses.podsReady(t.job);
        t.job.run().durationMillis().ifPresent(d -> at(clock.virtualMillis() + d, () -> finish(t, admission)));
    }

    private void finish(Tracked t, int admission) {
        if (t.admissions != admission || !t.admitted) {
            return;
        }
        closeAdmission(t);
        t.admitted = false;
        ended.add(t.job.id());
        histories.add(t.job.id(), Happening.finished(clock.virtualMillis()));
        statuses.finished(t.job);
    }

    /** Returns whether its job's controller reported its pods gone (written now). */
    private boolean evicted(Tracked t, String reason, String message) {
        closeAdmission(t);
        boolean wasRunning = t.admitted;
        t.admissions++;
        t.admitted = false;
        histories.add(t.job.id(), Happening.evicted(clock.virtualMillis(), reason, world.withJobNames(message)));
        if (wasRunning) {
            statuses.stopped(t.job);
        }
        return wasRunning;
    }

    /** Tells an admission with where its pods went, once they have had their chance to be bound. */
    private void closeAdmission(Tracked t) {
        if (t.openAdmissionAt == null) {
            return;
        }
        histories.add(t.job.id(), Happening.admitted(t.openAdmissionAt, t.openFlavors,
                world.placesPods() ? pods.places(t.job) : List.of()));
        t.openAdmissionAt = null;
    }

    /** status.admission of the job's Workload: each pod set's count and flavors. */
    @SuppressWarnings("unchecked")
    private Map<String, Map<String, String>> admittedFlavors(TwinWorld.Job job) {
        ObjectKey key = new ObjectKey(job.source().key().namespace(), KueueWorkloadNames.of(job.source().kind(), job.source().key()));
        GenericKubernetesResource wl = client.genericKubernetesResources(KubeKind.WORKLOAD.context())
                .inNamespace(key.namespace()).withName(key.name()).get();
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        if (wl == null || !(wl.getAdditionalProperties().get("status") instanceof Map<?, ?> status)
                || !(status.get("admission") instanceof Map<?, ?> admission)
                || !(admission.get("podSetAssignments") instanceof List<?> assignments)) {
            return out;
        }
        for (Object a : assignments) {
            Map<String, Object> psa = (Map<String, Object>) a;
            Map<String, String> flavors = new LinkedHashMap<>();
            ((Map<String, Object>) psa.getOrDefault("flavors", Map.of())).forEach((r, f) -> flavors.put(r, String.valueOf(f)));
            out.put(psa.get("name") + " x" + psa.get("count"), flavors);
        }
        return out;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
