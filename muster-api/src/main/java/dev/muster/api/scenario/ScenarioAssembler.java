package dev.muster.api.scenario;

import dev.muster.api.cluster.NamespaceReader;
import dev.muster.api.kueue.ClusterQueueDeclaration;
import dev.muster.api.kueue.CohortDeclaration;
import dev.muster.api.manifest.ManifestError;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.Namespace;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Checks the draft across objects and builds the {@link Scenario}; problems go to the documents' reporters. */
final class ScenarioAssembler {

    private ScenarioAssembler() {
    }

    static Scenario assemble(ScenarioDraft d) {
        QuotaTreeChecks.check(d);
        List<ManifestError> warnings = NamespaceChecks.check(d);
        Set<String> kaiQueues = KaiQueueChecks.check(d);
        WorkloadResolver.Resolved workloads = WorkloadResolver.resolve(d, kaiQueues, new PriorityResolver(d));
        List<ClusterQueueSpec> clusterQueues = d.clusterQueues.stream().map(c -> c.value().spec()).toList();
        return new Scenario(
                namespaces(d),
                d.flavors.stream().map(Declared::value).toList(),
                cohorts(d),
                clusterQueues,
                d.localQueues.stream().map(l -> l.value().spec()).toList(),
                d.settings(),
                workloads.inCreationOrder(),
                workloads.runs(),
                d.otherObjects,
                d.kaiQueues.stream().map(k -> k.value().spec()).toList(),
                d.musterSettings(),
                d.admissionChecks.stream().map(a -> a.value().check()).toList(),
                d.provisioningConfigs.stream().map(Declared::value).toList(),
                d.nodePools.stream().map(Declared::value).toList(),
                warnings);
    }

    private static List<Namespace> namespaces(ScenarioDraft d) {
        // Namespaces that queues and workloads live in exist even when not declared, as "default" does.
        Map<String, Namespace> byName = new TreeMap<>();
        Set<String> used = new LinkedHashSet<>();
        d.localQueues.forEach(l -> used.add(l.value().spec().key().namespace()));
        d.workloads.forEach(w -> used.add(w.draft().object().meta().namespace()));
        for (String name : used) {
            byName.put(name, NamespaceReader.withNameLabel(name, Map.of()));
        }
        d.namespaces.forEach(n -> byName.put(n.value().name(), n.value()));
        return new ArrayList<>(byName.values());
    }

    private static List<CohortSpec> cohorts(ScenarioDraft d) {
        List<CohortSpec> out = new ArrayList<>();
        Set<String> declared = new LinkedHashSet<>();
        for (Declared<CohortDeclaration> c : d.cohorts) {
            out.add(c.value().spec());
            declared.add(c.value().spec().name());
        }
        for (Declared<ClusterQueueDeclaration> cq : d.clusterQueues) {
            cq.value().spec().cohort().filter(declared::add).ifPresent(name -> out.add(CohortSpec.implicit(name)));
        }
        return out;
    }
}
