package dev.muster.core.quota;

import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.Saturating;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A ClusterQueue or a Cohort in the quota tree, with its quotas and live usage per flavor-resource
 * (arrays indexed by {@link FlavorResourceIndex}). Usage is kept incrementally: admitting or
 * releasing a workload touches only the nodes on its path to the root.
 *
 * <p>The arithmetic is Kueue's hierarchical quota model: a node keeps {@code subtreeQuota - lendingLimit}
 * for itself (its guaranteed quota), lends the rest to its parent, and what it uses beyond its
 * guarantee is counted as usage in its parent.
 */
public final class QuotaNode {

    /** Marks "no limit" in the limit arrays. */
    static final long NO_LIMIT = -1;

    public enum Kind { CLUSTER_QUEUE, COHORT }

    private final String name;
    private final Kind kind;
    private final Quantity fairSharingWeight;
    final long[] nominal;
    final long[] borrowingLimit;
    final long[] lendingLimit;
    final long[] subtreeQuota;
    /** See {@link #hasQuotaFor}. */
    final boolean[] quotaDeclared;
    final long[] usage;
    /** How many times usage was charged to or released from this ClusterQueue itself ({@link QuotaTree#add}, {@link QuotaTree#remove}). */
    long ownUsageChanges;
    /** A hard ceiling on the node's usage (a KAI queue's limit, the cluster's capacity); NO_LIMIT if none. */
    final long[] cap;
    QuotaNode parent;
    private QuotaNode root;
    /** See {@link #height}; -1 until asked. */
    private int height = -1;
    final List<QuotaNode> children = new ArrayList<>();

    QuotaNode(String name, Kind kind, int size, Quantity fairSharingWeight) {
        this.name = name;
        this.kind = kind;
        this.fairSharingWeight = fairSharingWeight;
        this.nominal = new long[size];
        this.borrowingLimit = new long[size];
        this.lendingLimit = new long[size];
        java.util.Arrays.fill(borrowingLimit, NO_LIMIT);
        java.util.Arrays.fill(lendingLimit, NO_LIMIT);
        this.subtreeQuota = new long[size];
        this.quotaDeclared = new boolean[size];
        this.usage = new long[size];
        this.cap = new long[size];
        java.util.Arrays.fill(cap, NO_LIMIT);
    }

    public String name() {
        return name;
    }

    public Kind kind() {
        return kind;
    }

    public QuotaNode parent() {
        return parent;
    }

    public boolean hasParent() {
        return parent != null;
    }

    public List<QuotaNode> children() {
        return Collections.unmodifiableList(children);
    }

    public Quantity fairSharingWeight() {
        return fairSharingWeight;
    }

    /** The top of this node's tree; fixed once the tree is built, so it is looked up once. */
    public QuotaNode root() {
        QuotaNode r = root;
        if (r == null) {
            r = this;
            while (r.parent != null) {
                r = r.parent;
            }
            root = r;
        }
        return r;
    }

    /**
     * Kueue's getNodeHeight: 0 for a leaf, 1 for a cohort of ClusterQueues only, one more per
     * cohort level below. Fixed once the tree is built, so worked out once: a cycle asks it of
     * every workload that borrows.
     */
    public int height() {
        int h = height;
        if (h < 0) {
            h = Math.min(children.size(), 1);
            for (QuotaNode child : children) {
                if (child.kind == Kind.COHORT) {
                    h = Math.max(h, child.height() + 1);
                }
            }
            height = h;
        }
        return h;
    }

    /** Whether this node is {@code ancestor} or lies below it. */
    public boolean isWithin(QuotaNode ancestor) {
        for (QuotaNode n = this; n != null; n = n.parent) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    /**
     * The node on this node's way up (itself included) whose parent is {@code ancestor}: where this
     * node's path and another's split when {@code ancestor} is their common ancestor; the top of the
     * tree when {@code ancestor} is null or not above it.
     */
    public QuotaNode childOnPathTo(QuotaNode ancestor) {
        QuotaNode n = this;
        while (n.parent != null && n.parent != ancestor) {
            n = n.parent;
        }
        return n;
    }

    /** The lowest cohort above both this node and {@code other}, or null when they share none. */
    public QuotaNode commonAncestor(QuotaNode other) {
        for (QuotaNode x = parent; x != null; x = x.parent) {
            for (QuotaNode y = other.parent; y != null; y = y.parent) {
                if (x == y) {
                    return x;
                }
            }
        }
        return null;
    }

    public long nominal(int fr) {
        return nominal[fr];
    }

    public long usage(int fr) {
        return usage[fr];
    }

    /** Moves whenever usage is charged to or released from this ClusterQueue itself (not through a child). */
    public long ownUsageChanges() {
        return ownUsageChanges;
    }

    public long subtreeQuota(int fr) {
        return subtreeQuota[fr];
    }

    /**
     * Whether this node or one below it declares a quota, even 0, for {@code fr} (the keys of Kueue's
     * SubtreeQuota). The index spans the whole tree, so a subtree quota of 0 alone cannot tell a
     * declared zero from a flavor-resource this node never had.
     */
    public boolean hasQuotaFor(int fr) {
        return quotaDeclared[fr];
    }

    public boolean hasBorrowingLimit(int fr) {
        return borrowingLimit[fr] != NO_LIMIT;
    }

    public long borrowingLimit(int fr) {
        return borrowingLimit[fr];
    }

    /** What this node keeps for itself and never lends: {@code subtreeQuota - lendingLimit}. */
    public long guaranteed(int fr) {
        return lendingLimit[fr] == NO_LIMIT ? 0 : Math.max(0, subtreeQuota[fr] - lendingLimit[fr]);
    }

    /** How much more of {@code fr} this node can use now, counting what its ancestors can lend. */
    public long available(int fr) {
        long available = quotaAvailable(fr);
        return cap[fr] == NO_LIMIT ? available : Math.min(available, cap[fr] - usage[fr]);
    }

    private long quotaAvailable(int fr) {
        if (parent == null) {
            return subtreeQuota[fr] - usage[fr];
        }
        long localAvailable = Math.max(0, guaranteed(fr) - usage[fr]);
        long parentAvailable = parent.available(fr);
        if (borrowingLimit[fr] != NO_LIMIT) {
            long storedInParent = subtreeQuota[fr] - guaranteed(fr);
            long usedInParent = Math.max(0, usage[fr] - guaranteed(fr));
            long withMaxFromParent = Saturating.add(storedInParent - usedInParent, borrowingLimit[fr]);
            parentAvailable = Math.min(withMaxFromParent, parentAvailable);
        }
        return Saturating.add(localAvailable, parentAvailable);
    }

    /** The most of {@code fr} this node could ever use, were the whole tree idle. */
    public long potentialAvailable(int fr) {
        long potential;
        if (parent == null) {
            potential = subtreeQuota[fr];
        } else {
            potential = Saturating.add(guaranteed(fr), parent.potentialAvailable(fr));
            if (borrowingLimit[fr] != NO_LIMIT) {
                potential = Math.min(Saturating.add(subtreeQuota[fr], borrowingLimit[fr]), potential);
            }
        }
        return cap[fr] == NO_LIMIT ? potential : Math.min(potential, cap[fr]);
    }

    public boolean hasCap(int fr) {
        return cap[fr] != NO_LIMIT;
    }

    public long cap(int fr) {
        return cap[fr];
    }

    /** Whether this node uses more than its own quota of {@code fr}, i.e. borrows from its cohort. */
    public boolean borrows(int fr) {
        return usage[fr] > subtreeQuota[fr];
    }

    void addUsage(int fr, long amount) {
        long localAvailable = Math.max(0, guaranteed(fr) - usage[fr]);
        usage[fr] = Saturating.add(usage[fr], amount);
        if (parent != null && amount > localAvailable) {
            parent.addUsage(fr, amount - localAvailable);
        }
    }

    void removeUsage(int fr, long amount) {
        long storedInParent = usage[fr] - guaranteed(fr);
        usage[fr] -= amount;
        if (parent != null && storedInParent > 0) {
            parent.removeUsage(fr, Math.min(amount, storedInParent));
        }
    }

    @Override
    public String toString() {
        return (kind == Kind.COHORT ? "Cohort " : "ClusterQueue ") + name;
    }
}
