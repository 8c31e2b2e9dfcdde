package dev.muster.bench.operator;

import dev.muster.operator.kube.KubeKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Carries the soak's timed faults out ({@link FaultPlan}) as the run goes: kills the leader, drops
 * its watches, takes the webhook down and up (the Job creator reads {@code webhookDown}), deletes
 * Workloads by hand; each counted as it happens.
 */
final class FaultInjector {

    private final SoakDispatcher dispatcher;
    /** The set-up's client, which is not faulted: the hand that deletes Workloads. */
    private final KubernetesClient setup;
    private final SoakReplicas replicas;
    private final FaultCounts faults;
    private final AtomicBoolean webhookDown;
    /** Nanos since the start of the run. */
    private final LongSupplier clock;
    private final Consumer<String> say;

    FaultInjector(SoakDispatcher dispatcher, KubernetesClient setup, SoakReplicas replicas, FaultCounts faults,
            AtomicBoolean webhookDown, LongSupplier clock, Consumer<String> say) {
        this.dispatcher = dispatcher;
        this.setup = setup;
        this.replicas = replicas;
        this.faults = faults;
        this.webhookDown = webhookDown;
        this.clock = clock;
        this.say = say;
    }

    /** Carries the plan out until interrupted (the run is over). */
    void carryOut(List<FaultPlan.Action> plan) {
        try {
            for (FaultPlan.Action action : plan) {
                long wait = action.at().toNanos() - clock.getAsLong();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                try {
                    carryOut(action);
                } catch (RuntimeException e) {
                    if (Thread.currentThread().isInterrupted()) {
                        return; // the run ended while a replica was starting
                    }
                    say.accept("could not carry " + action + " out: " + e);
                }
            }
        } catch (InterruptedException e) {
            // the run is over
        }
    }

    private void carryOut(FaultPlan.Action action) throws InterruptedException {
        switch (action) {
            case FaultPlan.KillLeader k -> killLeader();
            case FaultPlan.DropWatches d -> replicas.leader().ifPresent(
                    r -> dispatcher.dropWatches(r.identity(), d.count(), d.gone()));
            case FaultPlan.WebhookDown w -> {
                webhookDown.set(true);
                say.accept("the webhook is down");
            }
            case FaultPlan.WebhookUp w -> {
                webhookDown.set(false);
                say.accept("the webhook is up again");
            }
            case FaultPlan.DeleteWorkload d -> deleteWorkload(d.pick());
        }
    }

    /** Kills the leader; if none leads just now (a takeover under way), waits for one, up to 10 s. */
    private void killLeader() throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < until) {
            Optional<SoakReplicas.Replica> killed = replicas.killLeader();
            if (killed.isPresent()) {
                faults.injected(Fault.LEADER_KILLED);
                say.accept("killed the leader " + killed.get().identity());
                return;
            }
            Thread.sleep(50);
        }
        say.accept("no leader to kill for 10 s");
    }

    /** Deletes one Workload not yet Finished, by hand (with the set-up's client, which is not faulted). */
    private void deleteWorkload(int pick) {
        List<GenericKubernetesResource> open = new ArrayList<>();
        for (GenericKubernetesResource w : setup.genericKubernetesResources(KubeKind.WORKLOAD.context()).inAnyNamespace()
                .list().getItems()) {
            if (!finished(w)) {
                open.add(w);
            }
        }
        if (open.isEmpty()) {
            return;
        }
        open.sort(Comparator.comparing(w -> w.getMetadata().getNamespace() + "/" + w.getMetadata().getName()));
        GenericKubernetesResource victim = open.get(pick % open.size());
        setup.genericKubernetesResources(KubeKind.WORKLOAD.context()).inNamespace(victim.getMetadata().getNamespace())
                .withName(victim.getMetadata().getName()).delete();
        faults.injected(Fault.WORKLOAD_DELETED);
    }

    private static boolean finished(GenericKubernetesResource w) {
        if (w.getAdditionalProperties().get("status") instanceof Map<?, ?> status
                && status.get("conditions") instanceof List<?> conditions) {
            for (Object o : conditions) {
                if (o instanceof Map<?, ?> c && "Finished".equals(c.get("type")) && "True".equals(c.get("status"))) {
                    return true;
                }
            }
        }
        return false;
    }
}
