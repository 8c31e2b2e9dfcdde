package dev.muster.api.scenario;

import static dev.muster.api.scenario.Manifests.FLAVOR;
import static dev.muster.api.scenario.Manifests.clusterQueue;
import static dev.muster.api.scenario.Manifests.docs;
import static dev.muster.api.scenario.Manifests.errors;
import static dev.muster.api.scenario.Manifests.load;
import static dev.muster.api.scenario.Manifests.messages;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.muster.core.model.ClusterQueuePolicies;
import dev.muster.core.model.ClusterQueuePolicies.FungibilityPolicy;
import dev.muster.core.model.ClusterQueuePolicies.StopPolicy;
import dev.muster.api.manifest.ManifestError;
import dev.muster.core.model.ClusterQueueSpec;
import dev.muster.core.model.CohortSpec;
import dev.muster.core.model.LabelSelector;
import dev.muster.core.model.QueueingStrategy;
import dev.muster.core.quantity.Quantity;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Kueue's rules on ClusterQueues, Cohorts and LocalQueues. */
class QuotaRulesTest {

    private static final String TWO_RESOURCES = """
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ClusterQueue
            metadata:
              name: cq
            spec:
              resourceGroups:
              - coveredResources: [cpu, memory]
                flavors:
                - name: default-flavor
                  resources:
            %s""";

    @Test
    void flavorMustListEveryCoveredResource() {
        String cq = TWO_RESOURCES.formatted("""
                      - name: cpu
                        nominalQuota: 1
                """);
        assertThat(errors(docs(FLAVOR, cq))).singleElement().satisfies(e -> {
            assertThat(e.fieldPath()).isEqualTo("spec.resourceGroups[0].flavors[0].resources");
            assertThat(e.message()).startsWith("missing \"memory\": each flavor must list exactly the covered resources");
        });
    }

    @Test
    void flavorMustNotListAnUncoveredResource() {
        String cq = TWO_RESOURCES.formatted("""
                      - name: cpu
                        nominalQuota: 1
                      - name: memory
                        nominalQuota: 1Gi
                      - name: nvidia.com/gpu
                        nominalQuota: 1
                """);
        assertThat(errors(docs(FLAVOR, cq))).singleElement().satisfies(e -> {
            assertThat(e.fieldPath()).isEqualTo("spec.resourceGroups[0].flavors[0].resources[2].name");
            assertThat(e.message()).startsWith("\"nvidia.com/gpu\" is not in coveredResources (cpu, memory)");
        });
    }

    @Test
    void flavorMustListCoveredResourcesInOrder() {
        String cq = TWO_RESOURCES.formatted("""
                      - name: memory
                        nominalQuota: 1Gi
                      - name: cpu
                        nominalQuota: 1
                """);
        assertThat(errors(docs(FLAVOR, cq))).extracting(ManifestError::fieldPath).containsExactly(
                "spec.resourceGroups[0].flavors[0].resources[0].name",
                "spec.resourceGroups[0].flavors[0].resources[1].name");
        assertThat(errors(docs(FLAVOR, cq)).get(0).message()).startsWith("must be \"cpu\" here");
    }

    @Test
    void resourceCoveredByTwoGroups() {
        String cq = """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ClusterQueue
                metadata:
                  name: cq
                spec:
                  resourceGroups:
                  - coveredResources: [cpu]
                    flavors:
                    - name: default-flavor
                      resources: [{name: cpu, nominalQuota: 1}]
                  - coveredResources: [cpu]
                    flavors:
                    - name: other
                      resources: [{name: cpu, nominalQuota: 1}]
                """;
        String other = FLAVOR.replace("default-flavor", "other");
        assertThat(messages(docs(FLAVOR, other, cq))).containsExactly(
                "bad.yaml: document 3 (ClusterQueue \"cq\"): spec.resourceGroups[1].coveredResources[0]:"
                        + " \"cpu\" is already covered by spec.resourceGroups[0]; a resource may be covered by one resource group only");
    }

    @Test
    void flavorInTwoGroups() {
        String cq = """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ClusterQueue
                metadata:
                  name: cq
                spec:
                  resourceGroups:
                  - coveredResources: [cpu]
                    flavors:
                    - name: default-flavor
                      resources: [{name: cpu, nominalQuota: 1}]
                  - coveredResources: [memory]
                    flavors:
                    - name: default-flavor
                      resources: [{name: memory, nominalQuota: 1Gi}]
                """;
        assertThat(errors(docs(FLAVOR, cq))).singleElement().satisfies(e -> {
            assertThat(e.fieldPath()).isEqualTo("spec.resourceGroups[1].flavors[0].name");
            assertThat(e.message()).contains("already used in spec.resourceGroups[0]");
        });
    }

    @Test
    void negativeQuotaAndLendingAboveNominal() {
        String cq = clusterQueue("cq", "cohort: pool\n").replace("nominalQuota: 10", "nominalQuota: -1");
        assertThat(messages(docs(FLAVOR, cq))).containsExactly("bad.yaml: document 2 (ClusterQueue \"cq\"):"
                + " spec.resourceGroups[0].flavors[0].resources[0].nominalQuota: must not be negative, got -1");
        String lending = clusterQueue("cq", "cohort: pool\n").replace("nominalQuota: 10", "nominalQuota: 2\n        lendingLimit: 3");
        assertThat(errors(docs(FLAVOR, lending))).singleElement().satisfies(e -> {
            assertThat(e.fieldPath()).endsWith("resources[0].lendingLimit");
            assertThat(e.message()).isEqualTo("must not exceed nominalQuota (2)");
        });
    }

    @Test
    void limitsNeedACohort() {
        String cq = clusterQueue("cq", "").replace("nominalQuota: 10",
                "nominalQuota: 10\n        borrowingLimit: 5\n        lendingLimit: 5");
        assertThat(errors(docs(FLAVOR, cq))).extracting(ManifestError::fieldPath, ManifestError::message).containsExactly(
                tuple("spec.resourceGroups[0].flavors[0].resources[0].borrowingLimit",
                        "needs a cohort: set spec.cohort (Kueue rejects borrowing and lending limits on a ClusterQueue without a cohort)"),
                tuple("spec.resourceGroups[0].flavors[0].resources[0].lendingLimit",
                        "needs a cohort: set spec.cohort (Kueue rejects borrowing and lending limits on a ClusterQueue without a cohort)"));
    }

    @Test
    void anUndeclaredCohortIsImplicitNotAnError() throws Exception {
        Scenario s = load(docs(FLAVOR, clusterQueue("a", "cohort: research\n"), clusterQueue("b", "cohort: research\n")));
        assertThat(s.cohorts()).containsExactly(CohortSpec.implicit("research"));
    }

    @Test
    void cohortParentMustBeDeclared() {
        String cohort = NewUserMistakesTest.cohort("child", "nowhere");
        assertThat(messages(cohort)).containsExactly("bad.yaml: document 1 (Cohort \"child\"): spec.parentName:"
                + " Cohort \"nowhere\" is not declared; a parentName must name a declared Cohort"
                + " (only a ClusterQueue's cohort may be implicit)");
    }

    @Test
    void hierarchicalCohortsWithQuota() throws Exception {
        String root = """
                apiVersion: kueue.x-k8s.io/v1beta2
                kind: Cohort
                metadata:
                  name: org
                spec:
                  resourceGroups:
                  - coveredResources: [cpu]
                    flavors:
                    - name: default-flavor
                      resources: [{name: cpu, nominalQuota: 4}]
                """;
        String child = """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Cohort
                metadata:
                  name: team
                spec:
                  parentName: org
                  fairSharing: {weight: "2"}
                """;
        Scenario s = load(docs(FLAVOR, root, child, clusterQueue("cq", "cohort: team\n")));
        assertThat(s.cohorts()).extracting(CohortSpec::name, CohortSpec::parent, CohortSpec::fairSharingWeight)
                .containsExactly(tuple("org", Optional.empty(), Quantity.ofUnits(1)),
                        tuple("team", Optional.of("org"), Quantity.ofUnits(2)));
        assertThat(s.cohorts().get(0).resourceGroups().get(0).flavors().get(0).resources().get(0).nominal())
                .isEqualTo(Quantity.ofUnits(4));
    }

    @Test
    void rootCohortMayNotHaveLimits() {
        String cohort = """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: Cohort
                metadata:
                  name: org
                spec:
                  resourceGroups:
                  - coveredResources: [cpu]
                    flavors:
                    - name: default-flavor
                      resources: [{name: cpu, nominalQuota: 4, lendingLimit: 1}]
                """;
        assertThat(errors(docs(FLAVOR, cohort))).singleElement()
                .satisfies(e -> assertThat(e.message()).startsWith("needs a parent"));
    }

    @Test
    void namespaceSelectorAbsentMeansNoNamespaceAndEmptyMeansAll() throws Exception {
        String without = clusterQueue("without", "").replace("  namespaceSelector: {}\n", "");
        String labelled = clusterQueue("labelled", "").replace("namespaceSelector: {}", """
                namespaceSelector:
                    matchLabels: {team: a}
                    matchExpressions:
                    - {key: tier, operator: In, values: [gold]}""");
        Scenario s = load(docs(FLAVOR, without, clusterQueue("all", ""), labelled));
        assertThat(s.clusterQueues()).extracting(ClusterQueueSpec::namespaceSelector).element(0).isEqualTo(LabelSelector.NOTHING);
        assertThat(s.clusterQueues().get(1).namespaceSelector()).isEqualTo(LabelSelector.EVERYTHING);
        LabelSelector sel = s.clusterQueues().get(2).namespaceSelector();
        assertThat(sel.matches(Map.of("team", "a", "tier", "gold"))).isTrue();
        assertThat(sel.matches(Map.of("team", "a", "tier", "silver"))).isFalse();
    }

    @Test
    void selectorOperatorsAreChecked() {
        String cq = clusterQueue("cq", "").replace("namespaceSelector: {}", """
                namespaceSelector:
                    matchExpressions:
                    - {key: tier, operator: in, values: [gold]}
                    - {key: tier, operator: Exists, values: [gold]}""");
        assertThat(errors(docs(FLAVOR, cq))).extracting(ManifestError::fieldPath, ManifestError::message).containsExactly(
                tuple("spec.namespaceSelector.matchExpressions[0].operator",
                        "\"in\" is not one of In, NotIn, Exists, DoesNotExist; did you mean In?"),
                tuple("spec.namespaceSelector.matchExpressions[1].values", "must be empty for operator Exists"));
    }

    @Test
    void policiesAreReadWithKueueDefaults() throws Exception {
        String cq = clusterQueue("cq", """
                cohort: pool
                queueingStrategy: StrictFIFO
                fairSharing: {weight: "0.5"}
                stopPolicy: Hold
                flavorFungibility: {whenCanBorrow: Borrow, whenCanPreempt: MayStopSearch}
                preemption:
                  reclaimWithinCohort: LowerPriority
                  borrowWithinCohort: {policy: LowerPriority, maxPriorityThreshold: 100}
                """);
        Scenario s = load(docs(FLAVOR, cq));
        ClusterQueueSpec spec = s.clusterQueues().get(0);
        assertThat(spec.queueingStrategy()).isEqualTo(QueueingStrategy.STRICT_FIFO);
        assertThat(spec.fairSharingWeight()).isEqualTo(Quantity.parse("500m"));
        ClusterQueuePolicies p = s.policies("cq");
        assertThat(p.stopPolicy()).isEqualTo(StopPolicy.HOLD);
        assertThat(p.flavorFungibility().whenCanBorrow()).isEqualTo(FungibilityPolicy.MAY_STOP_SEARCH);
        assertThat(p.flavorFungibility().whenCanPreempt()).isEqualTo(FungibilityPolicy.MAY_STOP_SEARCH);
        assertThat(p.preemption().borrowWithinCohort().maxPriorityThreshold()).contains(100);
        assertThat(s.policies("unknown")).isEqualTo(ClusterQueuePolicies.DEFAULTS);
    }

    @Test
    void policyValuesAreChecked() {
        String cq = clusterQueue("cq", """
                queueingStrategy: FIFO
                preemption:
                  withinClusterQueue: LowerPriorty
                  borrowWithinCohort: {policy: LowerPriority}
                """);
        assertThat(errors(docs(FLAVOR, cq))).extracting(ManifestError::fieldPath, ManifestError::message).containsExactly(
                tuple("spec.queueingStrategy", "\"FIFO\" is not one of StrictFIFO, BestEffortFIFO"),
                tuple("spec.preemption.withinClusterQueue",
                        "\"LowerPriorty\" is not one of Never, LowerPriority, LowerOrNewerEqualPriority; did you mean LowerPriority?"),
                tuple("spec.preemption.borrowWithinCohort.policy",
                        "must be Never while reclaimWithinCohort is Never (Kueue rejects this combination)"));
    }

    @Test
    void misspelledFieldIsNotSilentlyIgnored() {
        String cq = clusterQueue("cq", "").replace("nominalQuota: 10", "nominalQuota: 10\n        borowingLimit: 2");
        assertThat(messages(docs(FLAVOR, cq))).containsExactly("bad.yaml: document 2 (ClusterQueue \"cq\"):"
                + " spec.resourceGroups[0].flavors[0].resources[0].borowingLimit: unknown field \"borowingLimit\";"
                + " did you mean borrowingLimit?");
    }

    @Test
    void v1beta2RenamedCohortField() throws Exception {
        String v2 = clusterQueue("cq", "cohortName: pool\n").replace("v1beta1", "v1beta2");
        assertThat(load(docs(FLAVOR, v2)).clusterQueues().get(0).cohort()).contains("pool");
        String wrong = clusterQueue("cq", "cohort: pool\n").replace("v1beta1", "v1beta2");
        assertThat(errors(docs(FLAVOR, wrong))).singleElement().satisfies(e -> {
            assertThat(e.fieldPath()).isEqualTo("spec.cohort");
            assertThat(e.message()).contains("calls it cohortName");
        });
    }

    @Test
    void admissionChecksMustExistAndPointAtTheirConfig() {
        String check = """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: AdmissionCheck
                metadata:
                  name: prov
                spec:
                  controllerName: kueue.x-k8s.io/provisioning-request
                  parameters:
                    apiGroup: kueue.x-k8s.io
                    kind: ProvisioningRequestConfig
                    name: missing-config
                """;
        String cq = clusterQueue("cq", "admissionChecks: [prov, other]\n");
        assertThat(errors(docs(FLAVOR, check, cq))).extracting(ManifestError::fieldPath, ManifestError::message)
                .containsExactlyInAnyOrder(
                        tuple("spec.admissionChecks[1]", "AdmissionCheck \"other\" is not declared (declared: prov)"),
                        tuple("spec.parameters.name", "ProvisioningRequestConfig \"missing-config\" is not declared"));
    }

    @Test
    void provisioningRequestConfigIsValidated() {
        String config = """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ProvisioningRequestConfig
                metadata:
                  name: c
                spec:
                  managedResources: nvidia.com/gpu
                  retryStrategy: {backoffLimitCount: -1}
                """;
        assertThat(errors(config)).extracting(ManifestError::fieldPath).containsExactly(
                "spec.provisioningClassName", "spec.managedResources", "spec.retryStrategy.backoffLimitCount");
    }

    @Test
    void duplicateObjects() {
        assertThat(messages(docs(FLAVOR, FLAVOR))).containsExactly("bad.yaml: document 2 (ResourceFlavor \"default-flavor\"):"
                + " metadata.name: another ResourceFlavor named \"default-flavor\" is already declared in bad.yaml, document 1");
    }

    @Test
    void sameNameInTwoNamespacesIsNoDuplicate() throws Exception {
        Scenario s = load(docs(FLAVOR, clusterQueue("cq", ""),
                Manifests.localQueue("a", "main", "cq"), Manifests.localQueue("b", "main", "cq")));
        assertThat(s.localQueues()).hasSize(2);
        assertThat(s.namespaces()).extracting(n -> n.name()).containsExactly("a", "b");
    }

    @Test
    void resourceFlavorTaintsAndTolerations() throws Exception {
        String flavor = """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ResourceFlavor
                metadata:
                  name: spot
                spec:
                  nodeLabels: {instance: spot}
                  nodeTaints: [{key: spot, value: "true", effect: NoSchedule}]
                  tolerations: [{key: spot, operator: Exists, effect: NoSchedule}]
                """;
        var f = load(flavor).flavors().get(0);
        assertThat(f.nodeTaints()).singleElement().satisfies(t -> assertThat(t.effect()).isEqualTo("NoSchedule"));
        assertThat(f.tolerations().get(0).tolerates(f.nodeTaints().get(0))).isTrue();
        String bad = flavor.replace("effect: NoSchedule}]\n  tol", "effect: NoSchedul}]\n  tol");
        assertThat(errors(bad)).singleElement().satisfies(e -> {
            assertThat(e.fieldPath()).isEqualTo("spec.nodeTaints[0].effect");
            assertThat(e.message()).endsWith("did you mean NoSchedule?");
        });
    }
}
