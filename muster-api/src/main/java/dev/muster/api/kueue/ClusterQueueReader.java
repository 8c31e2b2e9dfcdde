package dev.muster.api.kueue;

import dev.muster.api.k8s.LabelSelectorReader;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Reference;
import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.AdmissionCheckRule;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads a Kueue ClusterQueue ({@code v1beta1} or {@code v1beta2}, which renamed a few fields). */
public final class ClusterQueueReader {

    private static final List<String> COMMON_FIELDS = List.of("resourceGroups", "queueingStrategy", "namespaceSelector",
            "flavorFungibility", "preemption", "admissionChecksStrategy", "stopPolicy", "fairSharing",
            "admissionScope", "excludeResourcePrefixes");

    private ClusterQueueReader() {
    }

    public static ClusterQueueDeclaration read(ManifestObject object) {
        String name = object.meta().name();
        Field spec = object.spec();
        spec.requireObject();
        boolean v1beta1 = object.version().equals("v1beta1");
        rejectUnknown(spec, v1beta1, object.apiVersion());

        Field cohortField = spec.get(v1beta1 ? "cohort" : "cohortName");
        Optional<String> cohort = cohortField.string().filter(s -> !s.isEmpty());

        ResourceGroupsReader.Result groups = ResourceGroupsReader.read(spec.get("resourceGroups"));
        if (cohort.isEmpty()) {
            for (Field limit : groups.limitFields()) {
                limit.error("needs a cohort: set " + cohortField.path()
                        + " (Kueue rejects borrowing and lending limits on a ClusterQueue without a cohort)");
            }
        }

        QueueingStrategy strategy = spec.get("queueingStrategy").oneOf("StrictFIFO", "BestEffortFIFO")
                .map(s -> s.equals("StrictFIFO") ? QueueingStrategy.STRICT_FIFO : QueueingStrategy.BEST_EFFORT_FIFO)
                .orElse(QueueingStrategy.BEST_EFFORT_FIFO);
        LabelSelector namespaceSelector = LabelSelectorReader.read(spec.get("namespaceSelector"), LabelSelector.NOTHING);
        Quantity weight = FairSharingWeight.read(spec.get("fairSharing"));

        List<Reference> flavorRefs = new ArrayList<>(groups.flavors());
        List<Reference> checkRefs = new ArrayList<>();
        List<AdmissionCheckRule> checks = admissionChecks(spec, v1beta1, flavorRefs, checkRefs);
        ClusterQueuePolicies policies = new ClusterQueuePolicies(
                ClusterQueuePolicyReader.preemption(spec.get("preemption")),
                ClusterQueuePolicyReader.flavorFungibility(spec.get("flavorFungibility")),
                checks,
                ClusterQueuePolicyReader.stopPolicy(spec.get("stopPolicy")));
        spec.get("excludeResourcePrefixes").stringList();

        ClusterQueueSpec cq = new ClusterQueueSpec(name, cohort, groups.groups(), strategy, namespaceSelector, weight,
                policies);
        return new ClusterQueueDeclaration(cq, flavorRefs, checkRefs);
    }

    private static void rejectUnknown(Field spec, boolean v1beta1, String apiVersion) {
        List<String> known = new ArrayList<>(COMMON_FIELDS);
        if (v1beta1) {
            known.add("cohort");
            known.add("admissionChecks");
            spec.rejectUnknownFields(known, Map.of("cohortName",
                    "unknown field \"cohortName\": " + apiVersion + " calls it cohort (cohortName is the v1beta2 spelling)"));
        } else {
            known.add("cohortName");
            spec.rejectUnknownFields(known, Map.of(
                    "cohort", "unknown field \"cohort\": " + apiVersion + " calls it cohortName (cohort is the v1beta1 spelling)",
                    "admissionChecks", "unknown field \"admissionChecks\": " + apiVersion
                            + " lists checks under admissionChecksStrategy.admissionChecks[].name"));
        }
    }

    private static List<AdmissionCheckRule> admissionChecks(
            Field spec, boolean v1beta1, List<Reference> flavorRefs, List<Reference> checkRefs) {
        List<AdmissionCheckRule> rules = new ArrayList<>();
        Field plain = spec.get("admissionChecks");
        Field strategy = spec.get("admissionChecksStrategy");
        if (v1beta1 && plain.isPresent() && strategy.isPresent()) {
            strategy.error("cannot be used together with spec.admissionChecks; use one of them");
        }
        if (v1beta1) {
            for (Field item : plain.items()) {
                item.string().filter(s -> !s.isEmpty()).ifPresent(n -> {
                    rules.add(new AdmissionCheckRule(n, List.of()));
                    checkRefs.add(new Reference(n, item));
                });
            }
        }
        if (strategy.requireObject()) {
            strategy.rejectUnknownFields(List.of("admissionChecks"));
            for (Field rule : strategy.get("admissionChecks").items()) {
                if (!rule.requireObject()) {
                    rule.require();
                    continue;
                }
                rule.rejectUnknownFields(List.of("name", "onFlavors"));
                Field nameField = rule.get("name");
                String n = nameField.requiredString();
                List<String> onFlavors = new ArrayList<>();
                for (Field f : rule.get("onFlavors").items()) {
                    f.string().filter(s -> !s.isEmpty()).ifPresent(fl -> {
                        onFlavors.add(fl);
                        flavorRefs.add(new Reference(fl, f));
                    });
                }
                if (!n.isEmpty()) {
                    rules.add(new AdmissionCheckRule(n, onFlavors));
                    checkRefs.add(new Reference(n, nameField));
                }
            }
        }
        return rules;
    }
}
