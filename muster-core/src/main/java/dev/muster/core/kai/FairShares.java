package dev.muster.core.kai;

import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.quantity.Quantity;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * KAI's fair share, computed each cycle per resource, top-down: what a parent gets is divided
 * among its children. Each child first gets min(quota, demand, limit) (an unlimited quota counts
 * as all its parent has); the rest goes to the children of the highest priority first, and within
 * one priority in rounds, in proportion to overQuotaWeight among those that still want more,
 * never past a child's limit or demand. Exact, in milli-units; what rounding leaves over goes one
 * milli-unit at a time in name order.
 */
public final class FairShares {

    private final Map<String, KaiQueueSpec> queues = new LinkedHashMap<>();
    private final Map<String, List<KaiQueueSpec>> children = new HashMap<>();
    private final List<KaiQueueSpec> top = new ArrayList<>();

    public FairShares(List<KaiQueueSpec> specs) {
        for (KaiQueueSpec q : specs) {
            queues.put(q.name(), q);
        }
        for (KaiQueueSpec q : specs) {
            q.parent().ifPresentOrElse(p -> children.computeIfAbsent(p, k -> new ArrayList<>()).add(q), () -> top.add(q));
        }
        children.values().forEach(l -> l.sort(Comparator.comparing(KaiQueueSpec::name)));
        top.sort(Comparator.comparing(KaiQueueSpec::name));
    }

    /**
     * @param capacity per resource, milli-units (absent = unbounded)
     * @param demand   per leaf queue and resource: what it uses plus what its pending workloads ask for
     * @return per queue (leaves and parents) and resource, its fair share in milli-units
     */
    public Map<String, Map<String, Long>> compute(Map<String, Long> capacity, Map<String, Map<String, Long>> demand) {
        Map<String, Map<String, Long>> shares = new TreeMap<>();
        for (String r : KaiQuotaTree.RESOURCES) {
            Map<String, Long> subtreeDemand = new HashMap<>();
            top.forEach(q -> demandOf(q, r, demand, subtreeDemand));
            divide(top, capacity.getOrDefault(r, KaiQuotaTree.UNBOUNDED), r, subtreeDemand, shares);
        }
        return shares;
    }

    private long demandOf(KaiQueueSpec q, String r, Map<String, Map<String, Long>> demand, Map<String, Long> out) {
        List<KaiQueueSpec> kids = children.getOrDefault(q.name(), List.of());
        long d = kids.isEmpty() ? demand.getOrDefault(q.name(), Map.of()).getOrDefault(r, 0L)
                : kids.stream().mapToLong(k -> demandOf(k, r, demand, out)).sum();
        out.put(q.name(), d);
        return d;
    }

    private void divide(List<KaiQueueSpec> kids, long amount, String r, Map<String, Long> demand,
            Map<String, Map<String, Long>> shares) {
        if (kids.isEmpty()) {
            return;
        }
        Map<String, Long> fs = new LinkedHashMap<>();
        long given = 0;
        for (KaiQueueSpec k : kids) {
            long quota = k.share(r).map(s -> s.quota().map(Quantity::milli).orElse(amount)).orElse(0L);
            long f = Math.max(0, Math.min(Math.min(quota, demand.get(k.name())), cap(k, r)));
            fs.put(k.name(), f);
            given += f;
        }
        if (given > amount) {
            // Quotas promise more than there is: each gets its guarantee scaled down alike, so that
            // the shares never add up to more than the parent has.
            scaleDown(kids, fs, given, amount);
            given = amount;
        }
        long remaining = Math.max(0, amount - given);
        TreeMap<Integer, List<KaiQueueSpec>> byPriority = new TreeMap<>(Comparator.reverseOrder());
        kids.forEach(k -> byPriority.computeIfAbsent(k.priority(), p -> new ArrayList<>()).add(k));
        for (List<KaiQueueSpec> group : byPriority.values()) {
            remaining = shareSurplus(group, remaining, r, demand, fs);
            if (remaining == 0) {
                break;
            }
        }
        for (KaiQueueSpec k : kids) {
            shares.computeIfAbsent(k.name(), n -> new TreeMap<>()).put(r, fs.get(k.name()));
            divide(children.getOrDefault(k.name(), List.of()), fs.get(k.name()), r, demand, shares);
        }
    }

    /** Rounds of proportional grants among the group's queues that still want more; returns what is left. */
    private long shareSurplus(List<KaiQueueSpec> group, long remaining, String r, Map<String, Long> demand,
            Map<String, Long> fs) {
        while (remaining > 0) {
            List<KaiQueueSpec> wanting = new ArrayList<>();
            long totalWeight = 0;
            for (KaiQueueSpec k : group) {
                long w = weight(k, r);
                if (w > 0 && fs.get(k.name()) < want(k, r, demand)) {
                    wanting.add(k);
                    totalWeight += w;
                }
            }
            if (wanting.isEmpty()) {
                return remaining;
            }
            long distributed = 0;
            for (KaiQueueSpec k : wanting) {
                long grant = Math.min(proportion(remaining, weight(k, r), totalWeight), want(k, r, demand) - fs.get(k.name()));
                fs.merge(k.name(), grant, Long::sum);
                distributed += grant;
            }
            if (distributed == 0) {
                for (KaiQueueSpec k : wanting) {
                    if (remaining - distributed == 0) {
                        break;
                    }
                    fs.merge(k.name(), 1L, Long::sum);
                    distributed++;
                }
            }
            remaining -= distributed;
        }
        return 0;
    }

    private static void scaleDown(List<KaiQueueSpec> kids, Map<String, Long> fs, long given, long amount) {
        long assigned = 0;
        for (KaiQueueSpec k : kids) {
            long scaled = proportion(amount, fs.get(k.name()), given);
            fs.put(k.name(), scaled);
            assigned += scaled;
        }
        for (KaiQueueSpec k : kids) {
            if (assigned >= amount) {
                break;
            }
            if (fs.get(k.name()) > 0) {
                fs.merge(k.name(), 1L, Long::sum);
                assigned++;
            }
        }
    }

    private static long proportion(long amount, long weight, long total) {
        return BigInteger.valueOf(amount).multiply(BigInteger.valueOf(weight)).divide(BigInteger.valueOf(total)).longValue();
    }

    private static long want(KaiQueueSpec k, String r, Map<String, Long> demand) {
        return Math.min(demand.get(k.name()), cap(k, r));
    }

    private static long cap(KaiQueueSpec k, String r) {
        return k.share(r).flatMap(KaiQueueSpec.Share::limit).map(Quantity::milli).orElse(Long.MAX_VALUE);
    }

    private static long weight(KaiQueueSpec k, String r) {
        return k.share(r).map(KaiQueueSpec.Share::overQuotaWeight).orElse(1000L);
    }

    public Optional<KaiQueueSpec> queue(String name) {
        return Optional.ofNullable(queues.get(name));
    }
}
