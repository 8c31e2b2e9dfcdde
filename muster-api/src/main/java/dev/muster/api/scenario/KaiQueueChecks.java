package dev.muster.api.scenario;

import dev.muster.api.kai.KaiQueueDeclaration;
import dev.muster.api.manifest.Reference;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The KAI queue tree: every parentQueue is a declared Queue and no queue is its own ancestor. */
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
        return names;
    }
}
