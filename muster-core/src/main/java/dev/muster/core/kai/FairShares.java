package dev.muster.core.kai;

import dev.muster.core.model.KaiQueueSpec;
import dev.muster.core.quantity.Quantity;
import dev.muster.core.quantity.Saturating;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * KAI's fair share (plugins/proportion/resource_division), computed each cycle per resource,
 * top-down: what a parent gets is divided among its children. Each child first gets
 * min(quota, demand, limit) (an unlimited quota counts as all its parent has), without scaling
 * when the quotas promise more than there is. The rest goes to the children of the highest
 * priority first and, within one priority, in rounds in proportion to overQuotaWeight among those
 * that still want more; an offer larger than what a queue wants is cut to that, a smaller one
 * rounded down to whole units (a GPU, a millicore, a byte). What the rounding left over goes one
 * unit at a time to the queues with the largest part cut off (the earlier declared on a tie).
 * Exact: milli-units and exact fractions, no floating point.
 */
public final class FairShares {

    private final Map<String, KaiQueueSpec> queues = new LinkedHashMap<>();
    private final Map<String, List<KaiQueueSpec>> children = new HashMap<>();
    private final List<KaiQueueSpec> top = new ArrayList<>();
    /** Queue names in the order they were declared: KAI breaks ties by creation time. */
    private final List<String> declared = new ArrayList<>();

    public FairShares(List<KaiQueueSpec> specs) {
        for (KaiQueueSpec q : specs) {
            queues.put(q.name(), q);
            declared.add(q.name());
        }
        for (KaiQueueSpec q : specs) {
            q.parent().ifPresentOrElse(p -> children.computeIfAbsent(p, k -> new ArrayList<>()).add(q), () -> top.add(q));
        }
    }

    /**
     * @param capacity per resource, milli-units (absent = unbounded)
     * @param demand   per leaf queue and resource: what it uses plus what its pending workloads ask for
     * @return per queue (leaves and parents) and resource, its fair share in milli-units
     */
    public Map<String, Map<String, Long>> compute(Map<String, Long> capacity, Map<String, Map<String, Long>> demand) {
        // Every pass asks, and most passes ask the same: a cycle after one arrival on a full cluster
        // changes no queue's demand when the arrival's queue already wanted more than it can get.
        if (demand.equals(lastDemand) && capacity.equals(lastCapacity)) {
            return lastShares;
        }
        Map<String, Map<String, Long>> shares = new TreeMap<>();
        for (String r : KaiQuotaTree.RESOURCES) {
            Map<String, Long> subtreeDemand = new HashMap<>();
            top.forEach(q -> demandOf(q, r, demand, subtreeDemand));
            divide(top, capacity.getOrDefault(r, KaiQuotaTree.UNBOUNDED), r, subtreeDemand, shares);
        }
        shares.replaceAll((queue, perResource) -> Collections.unmodifiableMap(perResource));
        lastCapacity = Map.copyOf(capacity);
        lastDemand = demand;
        lastShares = Collections.unmodifiableMap(shares);
        return lastShares;
    }

    /** The last computation's inputs and answer (the answer is read-only, so it can be handed out again). */
    private Map<String, Long> lastCapacity;
    private Map<String, Map<String, Long>> lastDemand;
    private Map<String, Map<String, Long>> lastShares;

    private long demandOf(KaiQueueSpec q, String r, Map<String, Map<String, Long>> demand, Map<String, Long> out) {
        List<KaiQueueSpec> kids = children.getOrDefault(q.name(), List.of());
        long d;
        if (kids.isEmpty()) {
            d = demand.getOrDefault(q.name(), Map.of()).getOrDefault(r, 0L);
        } else {
            d = 0;
            for (KaiQueueSpec k : kids) {
                d = Saturating.add(d, demandOf(k, r, demand, out));
            }
        }
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
            // KAI's setDeservedResource: min(quota, what the queue can ask for); an unlimited quota
            // deserves all its parent has. Quotas that promise more than there is are not scaled:
            // each queue keeps its guarantee, and nothing is left over.
            long quota = k.share(r).map(s -> s.quota().map(Quantity::milli).orElse(amount)).orElse(0L);
            long f = Math.max(0, Math.min(quota, want(k, r, demand)));
            fs.put(k.name(), f);
            given = Saturating.add(given, f);
        }
        long remaining = Math.max(0, amount - given);
        if (remaining > 0 && anyWantsMore(kids, r, demand, fs)) {
            TreeMap<Integer, List<KaiQueueSpec>> byPriority = new TreeMap<>(Comparator.reverseOrder());
            kids.forEach(k -> byPriority.computeIfAbsent(k.priority(), p -> new ArrayList<>()).add(k));
            Map<Integer, Map<KaiQueueSpec, Fraction>> leftovers = new LinkedHashMap<>();
            for (Map.Entry<Integer, List<KaiQueueSpec>> group : byPriority.entrySet()) {
                Map<KaiQueueSpec, Fraction> leftover = new LinkedHashMap<>();
                remaining = upToFairShare(group.getValue(), remaining, r, demand, fs, leftover);
                leftovers.put(group.getKey(), leftover);
            }
            for (Map<KaiQueueSpec, Fraction> leftover : leftovers.values()) {
                if (remaining <= 0) {
                    break;
                }
                remaining = giveLeftovers(leftover, remaining, r, fs);
            }
        }
        for (KaiQueueSpec k : kids) {
            shares.computeIfAbsent(k.name(), n -> new TreeMap<>()).put(r, fs.get(k.name()));
            divide(children.getOrDefault(k.name(), List.of()), fs.get(k.name()), r, demand, shares);
        }
    }

    /** Whether a queue got less than it wants: if none did, what remains is nobody's, with no rounds to run. */
    private static boolean anyWantsMore(List<KaiQueueSpec> kids, String r, Map<String, Long> demand, Map<String, Long> fs) {
        for (KaiQueueSpec k : kids) {
            if (fs.get(k.name()) < want(k, r, demand)) {
                return true;
            }
        }
        return false;
    }

    /** A share of a resource offered in a round, exactly: {@code numerator / denominator} milli-units. */
    private record Fraction(BigInteger numerator, BigInteger denominator) {
        int compareTo(Fraction o) {
            return numerator.multiply(o.denominator).compareTo(o.numerator.multiply(denominator));
        }
    }

    /**
     * KAI's divideUpToFairShare for one queue priority: in rounds, each queue that still wants more
     * is offered {@code remaining x weight / total weight}; one that wants at most that takes what it
     * wants, the others take the offer rounded down to whole units (a whole GPU, a millicore, a
     * byte), and the part cut off is remembered in {@code leftover}. Another round follows while some
     * queue took less than it was offered. Returns what is left.
     */
    private long upToFairShare(List<KaiQueueSpec> group, long remaining, String r, Map<String, Long> demand,
            Map<String, Long> fs, Map<KaiQueueSpec, Fraction> leftover) {
        long unit = unit(r);
        while (remaining > 0) {
            BigInteger totalWeight = BigInteger.ZERO;
            for (KaiQueueSpec k : group) {
                if (fs.get(k.name()) < want(k, r, demand)) {
                    totalWeight = totalWeight.add(BigInteger.valueOf(weight(k, r)));
                }
            }
            if (totalWeight.signum() == 0) {
                break;
            }
            BigInteger offeredFrom = BigInteger.valueOf(remaining);
            boolean anotherRound = false;
            for (KaiQueueSpec k : group) {
                long wanted = want(k, r, demand) - fs.get(k.name());
                long w = weight(k, r);
                if (remaining == 0) {
                    break;
                }
                if (wanted <= 0 || w == 0) {
                    continue;
                }
                BigInteger offerTimesTotal = offeredFrom.multiply(BigInteger.valueOf(w));
                long give;
                if (BigInteger.valueOf(wanted).multiply(totalWeight).compareTo(offerTimesTotal) <= 0) {
                    give = wanted;
                    leftover.remove(k);
                    anotherRound |= BigInteger.valueOf(wanted).multiply(totalWeight).compareTo(offerTimesTotal) < 0;
                } else {
                    give = offerTimesTotal.divide(totalWeight).longValue() / unit * unit;
                    BigInteger rest = offerTimesTotal.subtract(BigInteger.valueOf(give).multiply(totalWeight));
                    if (rest.signum() > 0) {
                        leftover.put(k, new Fraction(rest, totalWeight));
                    }
                }
                give = Math.min(give, remaining);
                if (give == 0) {
                    continue;
                }
                fs.merge(k.name(), give, Long::sum);
                remaining -= give;
            }
            if (!anotherRound) {
                break;
            }
        }
        return remaining;
    }

    /**
     * KAI's divideRemainingResource: what rounding left over goes one unit at a time to the queues
     * with the largest part cut off, the earlier declared first on a tie (KAI: the older queue).
     */
    private long giveLeftovers(Map<KaiQueueSpec, Fraction> leftover, long remaining, String r, Map<String, Long> fs) {
        List<KaiQueueSpec> order = new ArrayList<>(leftover.keySet());
        order.sort((a, b) -> {
            int c = leftover.get(b).compareTo(leftover.get(a));
            return c != 0 ? c : Integer.compare(declared.indexOf(a.name()), declared.indexOf(b.name()));
        });
        for (KaiQueueSpec k : order) {
            if (remaining <= 0) {
                break;
            }
            long give = Math.min(unit(r), remaining);
            fs.merge(k.name(), give, Long::sum);
            remaining -= give;
        }
        return remaining;
    }

    /** KAI's unit of each resource, in Muster's milli-units: a whole GPU, a millicore, a byte. */
    private static long unit(String r) {
        return r.equals("cpu") ? 1 : 1000;
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
