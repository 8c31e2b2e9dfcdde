package dev.muster.api.scenario;

import dev.muster.api.kueue.AdmissionCheckDeclaration;
import dev.muster.api.kueue.ClusterQueueDeclaration;
import dev.muster.api.kueue.CohortDeclaration;
import dev.muster.api.kueue.LocalQueueDeclaration;
import dev.muster.api.manifest.Reference;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Kueue rules that span objects: ClusterQueues and Cohorts name declared ResourceFlavors and
 * AdmissionChecks, LocalQueues name declared ClusterQueues, admission checks name their
 * ProvisioningRequestConfig, and the Cohort hierarchy has declared parents and no loop.
 *
 * <p>A ClusterQueue's cohort may name a Cohort that is not declared: Kueue creates it implicitly.
 */
final class QuotaTreeChecks {

    private QuotaTreeChecks() {
    }

    static void check(ScenarioDraft d) {
        Set<String> flavors = new LinkedHashSet<>();
        d.flavors.forEach(f -> flavors.add(f.value().name()));
        Set<String> admissionChecks = new LinkedHashSet<>();
        d.admissionChecks.forEach(a -> admissionChecks.add(a.value().name()));
        Set<String> clusterQueues = new LinkedHashSet<>();
        d.clusterQueues.forEach(c -> clusterQueues.add(c.value().spec().name()));

        for (Declared<ClusterQueueDeclaration> cq : d.clusterQueues) {
            cq.value().flavors().forEach(ref -> References.check(ref, "ResourceFlavor", flavors, ""));
            cq.value().admissionChecks().forEach(ref -> References.check(ref, "AdmissionCheck", admissionChecks, ""));
        }
        for (Declared<LocalQueueDeclaration> lq : d.localQueues) {
            References.check(lq.value().clusterQueue(), "ClusterQueue", clusterQueues, "");
        }
        Set<String> provisioningConfigs = new LinkedHashSet<>();
        d.provisioningConfigs.forEach(c -> provisioningConfigs.add(c.value().name()));
        for (Declared<AdmissionCheckDeclaration> ac : d.admissionChecks) {
            ac.value().provisioningRequestConfig().ifPresent(ref ->
                    References.check(ref, "ProvisioningRequestConfig", provisioningConfigs, ""));
        }
        checkCohorts(d.cohorts, flavors);
    }

    private static void checkCohorts(List<Declared<CohortDeclaration>> cohorts, Set<String> flavors) {
        Set<String> names = new LinkedHashSet<>();
        cohorts.forEach(c -> names.add(c.value().spec().name()));
        Map<String, String> parents = new LinkedHashMap<>();
        Map<String, Reference> parentFields = new LinkedHashMap<>();
        for (Declared<CohortDeclaration> c : cohorts) {
            c.value().flavors().forEach(ref -> References.check(ref, "ResourceFlavor", flavors, ""));
            c.value().parent().ifPresent(ref -> {
                // A cohort naming itself is a cycle, reported below; the hint never suggests the cohort itself.
                if (names.contains(ref.name()) || References.check(ref, "Cohort", others(names, c.value().spec().name()),
                        "; a parentName must name a declared Cohort (only a ClusterQueue's cohort may be implicit)")) {
                    parents.put(c.value().spec().name(), ref.name());
                    parentFields.put(c.value().spec().name(), ref);
                }
            });
        }
        for (List<String> cycle : CycleFinder.cycles(List.copyOf(names), parents)) {
            parentFields.get(cycle.get(0)).error("cohort cycle: " + String.join(" -> ", cycle));
        }
    }

    static Set<String> others(Set<String> names, String self) {
        Set<String> out = new LinkedHashSet<>(names);
        out.remove(self);
        return out;
    }
}
