package dev.muster.api.scenario;

import dev.muster.api.cluster.NodePoolSpec;
import dev.muster.api.cluster.PriorityClassDeclaration;
import dev.muster.api.kai.KaiQueueDeclaration;
import dev.muster.api.kueue.AdmissionCheckDeclaration;
import dev.muster.api.kueue.ClusterQueueDeclaration;
import dev.muster.api.kueue.CohortDeclaration;
import dev.muster.api.kueue.LocalQueueDeclaration;
import dev.muster.api.kueue.PriorityValue;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.core.checks.ProvisioningRequestConfig;
import dev.muster.core.model.Namespace;
import dev.muster.core.model.ResourceFlavorSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Everything the documents of one load declared, in file order, before the checks across objects. */
final class ScenarioDraft {

    final List<Declared<Namespace>> namespaces = new ArrayList<>();
    final List<Declared<ResourceFlavorSpec>> flavors = new ArrayList<>();
    final List<Declared<ClusterQueueDeclaration>> clusterQueues = new ArrayList<>();
    final List<Declared<LocalQueueDeclaration>> localQueues = new ArrayList<>();
    final List<Declared<CohortDeclaration>> cohorts = new ArrayList<>();
    final List<Declared<PriorityValue>> workloadPriorityClasses = new ArrayList<>();
    final List<Declared<PriorityClassDeclaration>> priorityClasses = new ArrayList<>();
    final List<Declared<AdmissionCheckDeclaration>> admissionChecks = new ArrayList<>();
    final List<Declared<ProvisioningRequestConfig>> provisioningConfigs = new ArrayList<>();
    final List<Declared<NodePoolSpec>> nodePools = new ArrayList<>();
    final List<Declared<KaiQueueDeclaration>> kaiQueues = new ArrayList<>();
    final List<WorkloadEntry> workloads = new ArrayList<>();
    final List<DeclaredObject> otherObjects = new ArrayList<>();
    /** Objects that live in a namespace, for {@link NamespaceChecks}. */
    final List<Declared<ManifestObject>> namespacedObjects = new ArrayList<>();
    private Declared<KueueSettings> configuration;
    private final Map<String, SourceLocation> seen = new HashMap<>();

    /**
     * Records that the object exists; reports a second object of the same kind, namespace and name,
     * which the API server would refuse to create (or silently merge into the first).
     *
     * @return false for a duplicate, which is then not read further
     */
    boolean claim(ManifestObject object, SourceLocation origin) {
        String name = object.meta().name();
        if (name.isEmpty()) {
            return true;
        }
        String key = object.kind() + "/" + object.meta().namespace() + "/" + name;
        SourceLocation first = seen.putIfAbsent(key, origin);
        if (first != null) {
            object.root().get("metadata").get("name").error("another " + object.kind() + " named \"" + object.meta().displayName()
                    + "\" is already declared in " + first.file() + ", document " + first.document());
            return false;
        }
        return true;
    }

    void setConfiguration(KueueSettings settings, SourceLocation origin, Field where) {
        if (configuration != null) {
            where.error("a scenario holds at most one Kueue Configuration; another is in "
                    + configuration.origin().file() + ", document " + configuration.origin().document());
            return;
        }
        configuration = new Declared<>(settings, origin);
    }

    private Declared<MusterSettings> musterConfiguration;

    void setMusterConfiguration(MusterSettings settings, SourceLocation origin, Field where) {
        if (musterConfiguration != null) {
            where.error("a scenario holds at most one Muster Configuration; another is in "
                    + musterConfiguration.origin().file() + ", document " + musterConfiguration.origin().document());
            return;
        }
        musterConfiguration = new Declared<>(settings, origin);
    }

    MusterSettings musterSettings() {
        return musterConfiguration == null ? MusterSettings.DEFAULTS : musterConfiguration.value();
    }

    KueueSettings settings() {
        return configuration == null ? KueueSettings.DEFAULTS : configuration.value();
    }

    boolean hasConfiguration() {
        return configuration != null;
    }

    void declare(ManifestObject object, SourceLocation origin) {
        otherObjects.add(new DeclaredObject(object.apiVersion(), object.kind(), object.meta().name(),
                object.root().node().deepCopy(), origin));
    }
}
