package dev.muster.operator.decide;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.k8s.PodTemplate;
import dev.muster.core.engine.Engine;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.placement.NodeSpec;
import dev.muster.core.placement.PodPlacement;
import dev.muster.operator.kube.ClusterWriter;
import dev.muster.operator.kube.KubeKind;
import dev.muster.operator.placement.GangBinder;
import dev.muster.operator.placement.GpuShare;
import dev.muster.operator.placement.LivePod;
import dev.muster.operator.placement.NodeInventory;
import dev.muster.operator.placement.PodBinding;
import dev.muster.operator.placement.PodOwners;
import dev.muster.operator.write.WriteLanes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The decider's view of nodes and pods, and the binding of pods that name Muster's scheduler.
 * The engine holds the places of the gangs it admitted; everything else that sits on a node
 * (other schedulers' pods, and pods of gangs that no longer hold a place but have not gone yet)
 * is taken off the node's room, so a gang is only placed where there is room in fact.
 * Runs on the decider's thread only.
 */
final class PodScheduling {

    private static final Logger LOG = LoggerFactory.getLogger(PodScheduling.class);

    private final Set<String> schedulerNames;
    private final ClusterWriter writer;
    private final WriteLanes lanes;
    private final NodeInventory nodes = new NodeInventory();
    private final PodOwners owners = new PodOwners();
    private final GangBinder binder = new GangBinder();
    /** Pods of Muster's scheduler by the job they belong to (job id as the decider keys jobs). */
    private final Map<List<Object>, Map<ObjectKey, GangBinder.GangPod>> podsByJob = new HashMap<>();
    private final Map<ObjectKey, List<Object>> jobOfPod = new HashMap<>();
    /** Every live pod of Muster's scheduler, to file again when its owner's owner becomes known. */
    private final Map<ObjectKey, LivePod> musterPods = new HashMap<>();
    /** Jobs that may have pods waiting for a node, bound at the end of the cycle. */
    private final Set<List<Object>> toBind = new LinkedHashSet<>();
    /** Jobs with pods of Muster's scheduler that no queue manages; warned about once. */
    private final Set<List<Object>> unqueued = new LinkedHashSet<>();
    private final Set<List<Object>> warned = new java.util.HashSet<>();
    private boolean watched;

    PodScheduling(Set<String> schedulerNames, ClusterWriter writer, WriteLanes lanes) {
        this.schedulerNames = Set.copyOf(schedulerNames);
        this.writer = writer;
        this.lanes = lanes;
    }

    /** Nodes are watched: admission places gangs on them from now on. */
    void watched() {
        watched = true;
    }

    boolean placesPods() {
        return watched;
    }

    List<NodeSpec> nodeSpecs() {
        return nodes.specs();
    }

    /** The Node objects' allocatable, summed per resource: see {@link NodeInventory#declaredCapacity()}. */
    Map<String, Long> declaredCapacity() {
        return nodes.declaredCapacity();
    }

    /** A Node was added or changed; returns whether what placement sees of it changed. */
    boolean node(JsonNode node, Engine engine) {
        String name = node.path("metadata").path("name").asText();
        boolean known = nodes.has(name);
        if (!nodes.node(node)) {
            return false;
        }
        if (engine != null) {
            NodeSpec spec = nodes.spec(name).orElseThrow();
            if (known && engine.hasNode(name)) {
                engine.updateNode(spec);
            } else {
                engine.addNode(spec);
            }
        }
        return true;
    }

    /** A Node left; returns whether it was known. */
    boolean nodeDeleted(JsonNode node, Engine engine) {
        String name = node.path("metadata").path("name").asText();
        if (!nodes.nodeDeleted(node)) {
            return false;
        }
        if (engine != null) {
            try {
                engine.removeNode(name);
            } catch (IllegalStateException e) {
                engine.drainNode(name); // gangs still placed there: nothing new lands on it
            } catch (IllegalArgumentException e) {
                LOG.debug("node {} was not in the engine", name);
            }
        }
        return true;
    }

    /** A RayCluster or Job was seen: whose it is, for its pods (which may have been seen before it). */
    void owned(String kind, JsonNode object, Engine engine, Function<List<Object>, TrackedJob> jobs) {
        if (!owners.seen(kind, object)) {
            return;
        }
        String ns = object.path("metadata").path("namespace").asText("");
        String name = object.path("metadata").path("name").asText();
        for (LivePod pod : List.copyOf(musterPods.values())) {
            if (pod.key().namespace().equals(ns) && pod.controller().filter(o -> o.kind().equals(kind) && o.name().equals(name)).isPresent()) {
                place(pod, engine, jobs);
            }
        }
    }

    void ownedDeleted(String kind, ObjectKey key) {
        owners.deleted(kind, key);
    }

    /** Whether Muster places the job's pods: every pod template names one of its scheduler names. */
    boolean placedByMuster(List<PodTemplate> templates) {
        if (!watched || templates.isEmpty()) {
            return false;
        }
        for (PodTemplate t : templates) {
            // A template Muster made up (KubeRay's default submitter) names no scheduler: it does not decide.
            if (t.raw().isEmpty()) {
                continue;
            }
            if (!schedulerNames.contains(t.raw().path("spec").path("schedulerName").asText("default-scheduler"))) {
                return false;
            }
        }
        return true;
    }

    /**
     * A Pod was added or changed. A pod of Muster's scheduler joins its job's gang; any other pod
     * on a node takes room there.
     *
     * @param jobs the decider's job for a job id, if it tracks it
     */
    void pod(JsonNode object, Engine engine, Function<List<Object>, TrackedJob> jobs) {
        LivePod pod = LivePod.of(object);
        if (pod.bound() || pod.ended()) {
            binder.settled(pod.key());
        }
        if (!schedulerNames.contains(pod.schedulerName())) {
            updated(nodes.otherPod(pod), engine);
            return;
        }
        musterPods.put(pod.key(), pod);
        place(pod, engine, jobs);
    }

    /** Files a pod of Muster's scheduler under its job, and counts it as the engine's or as room taken. */
    private void place(LivePod pod, Engine engine, Function<List<Object>, TrackedJob> jobs) {
        Optional<PodOwners.Slot> slot = owners.slotOf(pod);
        List<Object> jobId = slot.map(s -> List.<Object>of(s.jobKind(), s.job())).orElse(null);
        List<Object> before = jobId == null ? jobOfPod.remove(pod.key()) : jobOfPod.put(pod.key(), jobId);
        if (before != null && !before.equals(jobId)) {
            forget(before, pod.key());
        }
        if (slot.isEmpty()) {
            // Names Muster's scheduler but belongs to no job Muster knows (yet): it waits, and holds what it holds.
            updated(nodes.otherPod(pod), engine);
            return;
        }
        podsByJob.computeIfAbsent(jobId, k -> new TreeMap<>()).put(pod.key(), new GangBinder.GangPod(pod, slot.get().podSet()));
        TrackedJob t = jobs.apply(jobId);
        if (t == null && !pod.bound()) {
            unqueued.add(jobId);
        }
        if (t != null && holdsPlace(t)) {
            updated(nodes.otherPodDeleted(pod.key()), engine);
            if (!pod.bound() && !pod.ended()) {
                toBind.add(jobId);
            }
        } else {
            updated(nodes.otherPod(pod), engine);
        }
    }

    private void forget(List<Object> jobId, ObjectKey pod) {
        Map<ObjectKey, GangBinder.GangPod> pods = podsByJob.get(jobId);
        if (pods != null) {
            pods.remove(pod);
            if (pods.isEmpty()) {
                podsByJob.remove(jobId);
            }
        }
    }

    void podDeleted(JsonNode object, Engine engine) {
        LivePod pod = LivePod.of(object);
        binder.settled(pod.key());
        musterPods.remove(pod.key());
        List<Object> jobId = jobOfPod.remove(pod.key());
        if (jobId != null) {
            forget(jobId, pod.key());
        }
        updated(nodes.otherPodDeleted(pod.key()), engine);
    }

    private static boolean holdsPlace(TrackedJob t) {
        return t.is(TrackedJob.State.ADMITTED) && t.placedByMuster;
    }

    /**
     * The job's state changed (admitted, evicted, finished, taken over): its pods that sit on
     * nodes count as the engine's (it holds their places) or as room taken that the engine does
     * not know of (a gang evicted whose pods have not gone yet).
     */
    void jobChanged(TrackedJob t, List<Object> jobId, Engine engine) {
        boolean holds = holdsPlace(t);
        if (!holds && stillPlacedByTheEngine(t, engine)) {
            // Evicted in this cycle: the engine lets go of its places once the cycle's decisions are
            // carried out. Counting its pods as other pods before then would count them twice, and
            // a node left with fewer GPUs than the engine's allocations on it name cannot be rebuilt.
            // They take room as other pods at their next event, if they have not gone by then.
            return;
        }
        for (GangBinder.GangPod g : podsByJob.getOrDefault(jobId, Map.of()).values()) {
            updated(holds ? nodes.otherPodDeleted(g.pod().key()) : nodes.otherPod(g.pod()), engine);
        }
        if (holds) {
            toBind.add(jobId);
        }
    }

    private static boolean stillPlacedByTheEngine(TrackedJob t, Engine engine) {
        return engine != null && t.workload() != null && engine.admission(t.workload().key()).isPresent()
                && !engine.pods(t.workload().key()).isEmpty();
    }

    /** The places a taken-over admission's pods hold already, read from its bound pods. */
    List<PodPlacement> recordedPlaces(List<Object> jobId) {
        List<PodPlacement> out = new ArrayList<>();
        for (GangBinder.GangPod g : podsByJob.getOrDefault(jobId, Map.of()).values()) {
            if (g.pod().bound() && !g.pod().ended()) {
                out.add(GpuShare.placementOf(g.pod(), g.podSet()));
            }
        }
        return out;
    }

    /** The live pods of a job of Muster's scheduler (to delete them when a KAI gang is evicted). */
    List<ObjectKey> pods(List<Object> jobId) {
        List<ObjectKey> out = new ArrayList<>();
        podsByJob.getOrDefault(jobId, Map.of()).values().forEach(g -> {
            if (!g.pod().ended()) {
                out.add(g.pod().key());
            }
        });
        return out;
    }

    /**
     * Binds the waiting pods of gangs that hold places, in their job's lane (after the job's
     * admission is recorded, and after every pod deletion or job stop submitted before: a
     * preemptor's pods are bound once its victims' are gone); returns how many bindings were
     * sent. A binding that fails is tried again in a later cycle. Jobs whose pods wait for Muster
     * but that no queue manages are told why their pods stay Pending.
     */
    int bindWaiting(Engine engine, Function<List<Object>, TrackedJob> jobs) {
        for (List<Object> jobId : unqueued) {
            if (jobs.apply(jobId) == null && podsByJob.containsKey(jobId) && warned.add(jobId)) {
                KubeKind.job((String) jobId.get(0)).ifPresent(kind -> writer.event(kind, (ObjectKey) jobId.get(1), "",
                        "Warning", "QueueLabelMissing", "not managed by any queue: add the label kai.scheduler/queue (KAI)"
                                + " or kueue.x-k8s.io/queue-name (Kueue) naming the queue it belongs to;"
                                + " its pods stay Pending until then"));
            }
        }
        unqueued.clear();
        int bound = 0;
        List<List<Object>> pending = new ArrayList<>(toBind);
        toBind.clear();
        for (List<Object> jobId : pending) {
            TrackedJob t = jobs.apply(jobId);
            if (t == null || !holdsPlace(t) || t.workload() == null) {
                continue;
            }
            Map<ObjectKey, GangBinder.GangPod> pods = podsByJob.getOrDefault(jobId, Map.of());
            for (PodBinding b : binder.bind(engine.pods(t.workload().key()), new ArrayList<>(pods.values()))) {
                bound++;
                lanes.submit(jobId, WriteLanes.Barrier.OCCUPIES, () -> writer.bind(b), () -> {
                    binder.failed(b.pod());
                    toBind.add(jobId); // tried again in the next cycle
                });
            }
        }
        return bound;
    }

    private void updated(Optional<String> node, Engine engine) {
        if (node.isEmpty() || engine == null) {
            return;
        }
        nodes.spec(node.get()).ifPresent(spec -> {
            if (engine.hasNode(spec.name())) {
                engine.updateNode(spec);
            }
        });
    }
}
