package dev.muster.api.scenario;

import dev.muster.api.cluster.PriorityClassDeclaration;
import dev.muster.api.kai.KaiPriorityClasses;
import dev.muster.api.kueue.PriorityValue;
import dev.muster.api.manifest.Reference;
import dev.muster.api.manifest.Spelling;
import dev.muster.api.workload.PriorityClassReference;
import dev.muster.api.workload.WorkloadDraft;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Gives each workload its priority the way Kueue does: a number written on a Workload; else the
 * WorkloadPriorityClass of the {@code kueue.x-k8s.io/priority-class} label; else the PriorityClass
 * named by the pod templates (KAI's built-in classes count as declared); else the global default
 * PriorityClass; else 0.
 */
final class PriorityResolver {

    /** A priority and the class it came from. */
    record Resolved(int value, Optional<String> className) {
    }

    /** The classes every Kubernetes cluster has. */
    private static final List<PriorityValue> SYSTEM_CLASSES = List.of(
            new PriorityValue("system-cluster-critical", 2_000_000_000),
            new PriorityValue("system-node-critical", 2_000_001_000));

    private final Map<String, PriorityValue> workloadClasses = new LinkedHashMap<>();
    private final Map<String, PriorityValue> podClasses = new LinkedHashMap<>();
    private final Optional<PriorityValue> globalDefault;

    PriorityResolver(ScenarioDraft draft) {
        draft.workloadPriorityClasses.forEach(d -> workloadClasses.putIfAbsent(d.value().name(), d.value()));
        Optional<PriorityValue> defaultClass = Optional.empty();
        for (Declared<PriorityClassDeclaration> d : draft.priorityClasses) {
            podClasses.putIfAbsent(d.value().priority().name(), d.value().priority());
            if (d.value().globalDefault()) {
                if (defaultClass.isPresent()) {
                    d.value().globalDefaultField().error("PriorityClass \"" + defaultClass.get().name()
                            + "\" is already the global default; only one may be");
                } else {
                    defaultClass = Optional.of(d.value().priority());
                }
            }
        }
        this.globalDefault = defaultClass;
    }

    Resolved resolve(WorkloadDraft workload) {
        Optional<String> named = workload.priorityClass().map(PriorityClassReference::name);
        if (workload.explicitPriority().isPresent()) {
            return new Resolved(workload.explicitPriority().get(), named);
        }
        if (workload.priorityClass().isPresent()) {
            return byClass(workload.priorityClass().get()).map(this::resolved).orElse(new Resolved(0, named));
        }
        if (workload.podPriorityClass().isPresent()) {
            Reference ref = workload.podPriorityClass().get();
            return podClass(ref).map(this::resolved).orElse(new Resolved(0, Optional.of(ref.name())));
        }
        return globalDefault.map(this::resolved).orElse(new Resolved(0, Optional.empty()));
    }

    /**
     * A workload in a KAI queue: the class named by the label {@code priorityClassName} on the
     * object (as KAI's guide writes it), else its pod templates' {@code priorityClassName}, else
     * KAI's default, train (50).
     */
    Resolved resolveKai(WorkloadDraft workload) {
        var labels = workload.object().meta().labels();
        String label = labels.get("priorityClassName");
        if (label != null) {
            Reference ref = new Reference(label, workload.object().root().get("metadata").get("labels").key("priorityClassName"));
            return podClass(ref).map(this::resolved).orElse(new Resolved(0, Optional.of(label)));
        }
        if (workload.podPriorityClass().isPresent() || workload.explicitPriority().isPresent()
                || workload.priorityClass().isPresent()) {
            return resolve(workload);
        }
        return resolved(KaiPriorityClasses.find("train").orElseThrow());
    }

    private Resolved resolved(PriorityValue p) {
        return new Resolved(p.value(), Optional.of(p.name()));
    }

    private Optional<PriorityValue> byClass(PriorityClassReference ref) {
        String name = ref.name();
        switch (ref.source()) {
            case WORKLOAD_PRIORITY_CLASS -> {
                PriorityValue v = workloadClasses.get(name);
                if (v == null) {
                    ref.reference().error("WorkloadPriorityClass \"" + name + "\" is not declared"
                            + hint(name, workloadClasses.keySet()));
                }
                return Optional.ofNullable(v);
            }
            case PRIORITY_CLASS -> {
                return podClass(ref.reference());
            }
            default -> {
                Optional<PriorityValue> v = Optional.ofNullable(workloadClasses.get(name))
                        .or(() -> Optional.ofNullable(podClasses.get(name)))
                        .or(() -> system(name));
                if (v.isEmpty()) {
                    List<String> all = new ArrayList<>(workloadClasses.keySet());
                    all.addAll(podClasses.keySet());
                    ref.reference().error("neither a WorkloadPriorityClass nor a PriorityClass named \"" + name
                            + "\" is declared" + hint(name, all));
                }
                return v;
            }
        }
    }

    private Optional<PriorityValue> podClass(Reference ref) {
        String name = ref.name();
        Optional<PriorityValue> v = Optional.ofNullable(podClasses.get(name))
                .or(() -> KaiPriorityClasses.find(name))
                .or(() -> system(name));
        if (v.isEmpty()) {
            List<String> known = new ArrayList<>(podClasses.keySet());
            KaiPriorityClasses.BUILT_IN.forEach(p -> known.add(p.name()));
            ref.error("PriorityClass \"" + name + "\" is not declared (KAI's built-in classes train, build-preemptible,"
                    + " build and inference need no declaration)" + Spelling.suggestion(name, known));
        }
        return v;
    }

    private static Optional<PriorityValue> system(String name) {
        return SYSTEM_CLASSES.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    private static String hint(String name, Collection<String> known) {
        String s = Spelling.suggestion(name, known);
        if (!s.isEmpty()) {
            return s;
        }
        return known.isEmpty() ? "" : " (declared: " + String.join(", ", known) + ")";
    }
}
