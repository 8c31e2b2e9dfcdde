package dev.muster.api.scenario;

import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.Spelling;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Objects in namespaces that no Namespace declares. Kubernetes refuses to create an object in a
 * namespace that does not exist. A scenario that declares its namespaces gets the same answer; a
 * scenario that declares none is taken to mean "the namespaces my objects use exist", a deliberate
 * departure that keeps short scenarios short, and each such namespace gets a warning.
 */
final class NamespaceChecks {

    /** The namespaces every cluster has. */
    static final Set<String> BUILT_IN = Set.of("default", "kube-system", "kube-public", "kube-node-lease");

    private NamespaceChecks() {
    }

    /** Reports objects in undeclared namespaces when namespaces are declared; otherwise returns the warnings. */
    static List<ManifestError> check(ScenarioDraft d) {
        Set<String> declared = new LinkedHashSet<>();
        d.namespaces.forEach(n -> declared.add(n.value().name()));
        List<ManifestError> warnings = new ArrayList<>();
        Set<String> warned = new LinkedHashSet<>();
        for (Declared<ManifestObject> o : d.namespacedObjects) {
            String namespace = o.value().meta().namespace();
            if (declared.contains(namespace) || BUILT_IN.contains(namespace)) {
                continue;
            }
            if (!declared.isEmpty()) {
                o.value().root().get("metadata").get("namespace").error("namespace \"" + namespace + "\" is not declared;"
                        + " Kubernetes refuses objects in a namespace that does not exist (this scenario declares "
                        + String.join(", ", declared) + ")" + Spelling.suggestion(namespace, declared));
            } else if (warned.add(namespace)) {
                SourceLocation at = o.origin();
                warnings.add(new ManifestError(at.file(), at.document(), at.kind(), at.name(), "metadata.namespace",
                        "namespace \"" + namespace + "\" is not declared; Muster creates it (a cluster would refuse"
                                + " objects in it until a Namespace \"" + namespace + "\" exists)"));
            }
        }
        return warnings;
    }
}
