package dev.muster.core.queue;

import dev.muster.core.model.Pending;

import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.ObjectKey;
import dev.muster.core.model.PodSet;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceList;
import dev.muster.core.model.Workload;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.Saturating;
import dev.muster.core.quota.QuotaNode;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A ClusterQueue at run time: its spec, its node in the quota tree, its pending workloads in
 * queue order and the workloads holding its quota (the preemption candidates).
 */
public final class ClusterQueueState {

    private final ClusterQueueSpec spec;
    private final QuotaNode node;
    private final Map<String, ResourceGroup> groupByResource = new HashMap<>();
    /** Whether the queue puts quota on "pods": asked for every pod set a cycle tries, so not looked up. */
    private final boolean coversPods;
    /** The queued workloads in queue order, each with the engine's {@link Ticket} for it (or null). */
    private final QueuedWorkloads pending = new QueuedWorkloads(Workload.QUEUE_ORDER);
    /**
     * What the queued workloads ask for in all, per resource (milli, full counts), kept as they come
     * and go; a resource is listed while some queued pod set names it, even for 0.
     */
    private final Map<String, Demand> pendingDemand = new HashMap<>();
    /** {@link #pendingDemand} as its callers see it: milli-units per resource. */
    private final Map<String, Long> pendingDemandView = new PendingDemandView(pendingDemand);
    /**
     * Pending workloads that are not candidates now: refused by the namespaceSelector, or backing
     * off before a requeue. Kueue counts them as pending all the same.
     */
    private final Set<ObjectKey> parked = new HashSet<>();
    private final Map<ObjectKey, AdmittedWorkload> admitted = new TreeMap<>();
    /** The admitted workloads that run fewer pods than they asked for (a gang may grow), by key. */
    private final Map<ObjectKey, AdmittedWorkload> belowFullCount = new TreeMap<>();
    /** Per priority, how many workloads of that priority hold quota here (who may be preempted for whom). */
    private final NavigableMap<Integer, Integer> admittedByPriority = new TreeMap<>();
    /**
     * The admitted workloads in a policy's victim order, kept as they come, go and resize, so that a
     * victim search starts at the first candidate instead of looking at every admitted workload;
     * null until a policy asks ({@link #admittedInOrder}).
     */
    private NavigableSet<AdmittedWorkload> inVictimOrder;
    /** Admissions and resizes here so far (only ever grows): whether the admitted workloads changed since. */
    private long admissionEvents;
    /** Admissions, resizes and releases so far: what holds quota here is unchanged while it holds. */
    private long holderChanges;
    /** Shapes found not to fit, with the freed-quota version they were found at and why. */
    private final Map<Integer, Inadmissible> inadmissible = new HashMap<>();
    /** The freed-quota version of the newest mark in {@link #inadmissible}. */
    private long newestMark = Long.MIN_VALUE;
    /**
     * The shape asked about last and its mark (null: none): a queue's workloads come in priority
     * order, so a pass passing them over asks about the same shape many times in a row.
     */
    private int lastAskedShape = -1;
    private Inadmissible lastAskedMark;

    private record Inadmissible(long freedVersion, Pending reason) {
    }

    /**
     * What the engine keeps of a queued workload, given with it when it is enqueued and handed back
     * with it to a pass ({@link #pendingSnapshot}): a pass looks at every queued workload, and
     * finding the engine's record of each by its key would cost more than the rest of the look.
     * Opaque here.
     */
    public interface Ticket {
    }

    public ClusterQueueState(ClusterQueueSpec spec, QuotaNode node) {
        this.spec = spec;
        this.node = node;
        for (ResourceGroup g : spec.resourceGroups()) {
            for (String r : g.coveredResources()) {
                groupByResource.put(r, g);
            }
        }
        this.coversPods = groupByResource.containsKey("pods");
    }

    public ClusterQueueSpec spec() {
        return spec;
    }

    public QuotaNode node() {
        return node;
    }

    public String name() {
        return spec.name();
    }

    private boolean kai;
    /** Enqueues so far, and for a KAI queue the last {@value #ENQUEUE_LOG} workloads enqueued (see {@link #enqueuedAfter}). */
    private long enqueued;
    private java.util.ArrayDeque<Workload> lastEnqueued;
    private static final int ENQUEUE_LOG = 4_096;
    private String title;

    /**
     * Marks a KAI leaf queue, so that messages speak of a queue, not a ClusterQueue; its admitted
     * workloads are kept in KAI's {@code victimOrder} from now on ({@link #admittedInOrder}).
     */
    public void markKai(java.util.Comparator<AdmittedWorkload> victimOrder) {
        kai = true;
        admittedInOrder(victimOrder);
        lastEnqueued = new java.util.ArrayDeque<>();
        title = null;
    }

    public boolean isKai() {
        return kai;
    }

    /** "ClusterQueue team-a", or "queue team-a" for a KAI queue: how messages name it. */
    public String title() {
        if (title == null) { // kept: every reason a cycle words names the queue
            title = (kai ? "queue " : "ClusterQueue ") + spec.name();
        }
        return title;
    }

    /** The resource group covering {@code resource}, or null when this queue has no quota for it. */
    public ResourceGroup groupFor(String resource) {
        return groupByResource.get(resource);
    }

    public boolean covers(String resource) {
        return groupByResource.containsKey(resource);
    }

    /** Whether the queue puts quota on pods (Kueue then counts pods as a resource). */
    public boolean coversPods() {
        return coversPods;
    }

    /** The queued workloads in queue order, read-only; not to be iterated while the queue changes. */
    public Collection<Workload> pending() {
        return pending.view();
    }

    /** The queued workloads after {@code w} in queue order, as {@link #pending}. */
    public Collection<Workload> pendingAfter(Workload w) {
        return pending.after(w);
    }

    /** Whether this very workload instance is queued here. */
    public boolean isQueued(Workload w) {
        return pending.holds(w);
    }

    /** The queued workloads in queue order, each with its ticket (null if it came without): see {@link #pendingSnapshot}. */
    public record PendingSnapshot(Workload[] workloads, Ticket[] tickets) {
    }

    private static final PendingSnapshot NOTHING_PENDING = new PendingSnapshot(new Workload[0], new Ticket[0]);

    /** A copy of the queued workloads and their tickets, which a pass walks while workloads leave the queue. */
    public PendingSnapshot pendingSnapshot() {
        return pending.isEmpty() ? NOTHING_PENDING : pending.snapshot();
    }

    public void markInadmissible(int shape, long freedVersion, Pending reason) {
        Inadmissible mark = new Inadmissible(freedVersion, reason);
        inadmissible.put(shape, mark);
        newestMark = freedVersion;
        lastAskedShape = shape;
        lastAskedMark = mark;
    }

    /**
     * Whether some shape was found not to fit at {@code freedVersion}: when none was, no workload
     * needs its shape worked out to be passed over. Freed versions only grow, so the newest mark
     * says it.
     */
    public boolean hasInadmissibleAt(long freedVersion) {
        return newestMark == freedVersion;
    }

    /** Why workloads of this shape do not fit, if that was found since quota was last freed; else null. */
    public Pending inadmissibleReason(int shape, long freedVersion) {
        if (shape != lastAskedShape) {
            lastAskedMark = inadmissible.get(shape);
            lastAskedShape = shape;
        }
        Inadmissible i = lastAskedMark;
        return i != null && i.freedVersion() == freedVersion ? i.reason() : null;
    }

    public void enqueue(Workload w) {
        enqueue(w, null);
    }

    /** Queues {@code w} (unless it is already) with the engine's {@code ticket} for it, or null. */
    public void enqueue(Workload w, Ticket ticket) {
        if (pending.add(w, ticket)) {
            addDemand(w, 1);
            enqueued++;
            if (lastEnqueued != null) {
                lastEnqueued.addLast(w);
                if (lastEnqueued.size() > ENQUEUE_LOG) {
                    lastEnqueued.removeFirst();
                }
            }
        }
    }

    /** How many workloads were enqueued here so far (only ever grows). */
    public long enqueuedCount() {
        return enqueued;
    }

    /**
     * The workloads enqueued after the first {@code count}, oldest first, some perhaps no longer
     * pending; null when that is more than the queue keeps (a KAI queue keeps the last
     * {@value #ENQUEUE_LOG}, others none): what arrived since a policy last looked, without
     * looking at everything pending.
     */
    public List<Workload> enqueuedAfter(long count) {
        long wanted = enqueued - count;
        if (wanted < 0 || lastEnqueued == null || wanted > lastEnqueued.size()) {
            return null;
        }
        List<Workload> out = new java.util.ArrayList<>((int) wanted);
        java.util.Iterator<Workload> newestFirst = lastEnqueued.descendingIterator();
        for (long i = 0; i < wanted; i++) {
            out.add(newestFirst.next());
        }
        Collections.reverse(out);
        return out;
    }

    public boolean dequeue(Workload w) {
        boolean removed = pending.remove(w);
        if (removed) {
            addDemand(w, -1);
        }
        return removed;
    }

    /** One lookup per resource as a workload comes or goes: every admission dequeues one. */
    private void addDemand(Workload w, int sign) {
        for (PodSet ps : w.podSets()) {
            ResourceList perPod = ps.perPod();
            for (int i = 0; i < perPod.size(); i++) {
                String r = perPod.resourceAt(i);
                Demand d = pendingDemand.get(r);
                if (d == null) {
                    d = new Demand();
                    pendingDemand.put(r, d);
                }
                d.namedBy += sign;
                if (d.namedBy == 0) {
                    pendingDemand.remove(r);
                } else {
                    d.add(sign * Saturating.multiply(perPod.milliAt(i), ps.count()));
                }
            }
        }
    }

    /** What the queued (not parked) workloads ask for in all, per resource, in milli-units of their full counts. */
    public Map<String, Long> pendingDemand() {
        return pendingDemandView;
    }

    public void park(ObjectKey key) {
        parked.add(key);
    }

    public boolean unpark(ObjectKey key) {
        return parked.remove(key);
    }

    /** The parked workloads (pending, but not candidates now), in no particular order. */
    public Set<ObjectKey> parked() {
        return Collections.unmodifiableSet(parked);
    }

    /** Pending workloads as Kueue counts them: the queued ones and the parked ones. */
    public int pendingCount() {
        return pending.size() + parked.size();
    }

    public void admitted(AdmittedWorkload a) {
        ObjectKey key = a.workload().key();
        AdmittedWorkload was = admitted.put(key, a);
        if (was == null) {
            admittedByPriority.merge(a.workload().priority(), 1, Integer::sum);
        }
        if (inVictimOrder != null) {
            if (was != null) {
                inVictimOrder.remove(was);
            }
            inVictimOrder.add(a);
        }
        if (a.belowFullCount()) {
            belowFullCount.put(key, a);
        } else {
            belowFullCount.remove(key);
        }
        admissionEvents++;
        holderChanges++;
    }

    public AdmittedWorkload released(ObjectKey key) {
        belowFullCount.remove(key);
        AdmittedWorkload a = admitted.remove(key);
        if (a != null) {
            holderChanges++;
            admittedByPriority.merge(a.workload().priority(), -1, (n, d) -> n + d == 0 ? null : n + d);
            if (inVictimOrder != null) {
                inVictimOrder.remove(a);
            }
        }
        return a;
    }

    /** The workload holding quota here under {@code key} as it is now (resizes included), or null. */
    public AdmittedWorkload admittedOf(ObjectKey key) {
        return admitted.get(key);
    }

    /** The admitted workloads with fewer pods than they asked for, in namespace/name order. */
    public Collection<AdmittedWorkload> belowFullCount() {
        return Collections.unmodifiableCollection(belowFullCount.values());
    }

    /** Whether some workload holding quota here has a priority below {@code priority}. */
    public boolean admitsBelow(int priority) {
        Integer lowest = admittedByPriority.isEmpty() ? null : admittedByPriority.firstKey();
        return lowest != null && lowest < priority;
    }

    /**
     * How many times a workload was admitted here, resized or released so far: while it holds, the
     * same workloads hold the same quota here (a reservation kept from an earlier pass rests on it).
     */
    public long holderChanges() {
        return holderChanges;
    }

    /** How many times a workload was admitted here or resized so far. */
    public long admissionEvents() {
        return admissionEvents;
    }

    /**
     * The workloads holding quota here in {@code victimOrder}, which must be a total order (ending
     * with the key) and the same at every call: the queue keeps the order from the first call on,
     * at a logarithmic cost per admission, release and resize.
     */
    public NavigableSet<AdmittedWorkload> admittedInOrder(java.util.Comparator<AdmittedWorkload> victimOrder) {
        if (inVictimOrder == null) {
            inVictimOrder = new TreeSet<>(victimOrder);
            inVictimOrder.addAll(admitted.values());
        } else if (inVictimOrder.comparator() != victimOrder) {
            throw new IllegalArgumentException("queue " + name() + " keeps its admitted workloads in another order");
        }
        return Collections.unmodifiableNavigableSet(inVictimOrder);
    }

    /** The workloads holding quota here, in namespace/name order. */
    public Collection<AdmittedWorkload> admittedWorkloads() {
        return Collections.unmodifiableCollection(admitted.values());
    }

    public int admittedCount() {
        return admitted.size();
    }
}
