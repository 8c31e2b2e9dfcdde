package dev.muster.api.scenario;

import dev.muster.api.kai.KaiQueueDeclaration;
import dev.muster.api.manifest.Reference;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The KAI queue tree: every parentQueue is a declared Queue, no queue is its own ancestor, and no
 * queue has the name of a Kueue ClusterQueue or Cohort. The last is Muster's rule, not KAI's: Muster
 * keeps both schedulers' queues in one quota tree (a KAI leaf is a ClusterQueue there, a KAI parent
 * a cohort), where one name cannot stand for two queues.
 */
final class KaiQueueChecks {

    private KaiQueueChecks() {
    }

    static Set<String> check(ScenarioDraft d) {
        Set<String> names = new LinkedHashSet<>();
        d.kaiQueues.forEach(q -> names.add(q.value().name()));
        Map<String, String> parents = new LinkedHashMap<>();
        Map<String, Reference> parentFields = new LinkedHashMap<>();
        for (Declared<KaiQueueDeclaration> q : d.kaiQueues) {
            q.value().parent().ifPresent(ref -> {
                if (names.contains(ref.name()) || References.check(ref, "Queue", QuotaTreeChecks.others(names, q.value().name()), "")) {
                    parents.put(q.value().name(), ref.name());
                    parentFields.put(q.value().name(), ref);
                }
            });
        }
        for (List<String> cycle : CycleFinder.cycles(List.copyOf(names), parents)) {
            parentFields.get(cycle.get(0)).error("queue cycle: " + String.join(" -> ", cycle));
        }
        checkNamesApartFromKueue(d);
        return names;
    }

    private static void checkNamesApartFromKueue(ScenarioDraft d) {
        Map<String, String> kueueQueues = new LinkedHashMap<>();
        d.cohorts.forEach(c -> kueueQueues.put(c.value().spec().name(), "Cohort"));
        d.clusterQueues.forEach(c -> c.value().spec().cohort().ifPresent(cohort -> kueueQueues.putIfAbsent(cohort, "Cohort")));
        d.clusterQueues.forEach(c -> kueueQueues.put(c.value().spec().name(), "ClusterQueue"));
        for (Declared<KaiQueueDeclaration> q : d.kaiQueues) {
            String kind = kueueQueues.get(q.value().name());
            if (kind != null) {
                q.value().nameField().error("Kueue has a " + kind + " named \"" + q.value().name() + "\" too; Muster keeps"
                        + " KAI and Kueue queues in one quota tree, so a KAI Queue needs a name of its own");
            }
        }
    }
}
