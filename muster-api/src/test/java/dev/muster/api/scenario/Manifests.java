package dev.muster.api.scenario;

import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestException;
import java.util.List;

/** Loads YAML text in tests, as the file {@value #FILE}. */
final class Manifests {

    static final String FILE = "bad.yaml";

    static final String FLAVOR = """
            apiVersion: kueue.x-k8s.io/v1beta1
            kind: ResourceFlavor
            metadata:
              name: default-flavor
            """;

    private Manifests() {
    }

    static Scenario load(String yaml) throws ManifestException {
        return ScenarioLoader.load(FILE, yaml, 1);
    }

    /** The problems of a load that must fail. */
    static List<ManifestError> errors(String yaml) {
        try {
            ScenarioLoader.load(FILE, yaml, 1);
        } catch (ManifestException e) {
            return e.errors();
        }
        throw new AssertionError("expected the manifests to be rejected");
    }

    static List<String> messages(String yaml) {
        return errors(yaml).stream().map(ManifestError::toString).toList();
    }

    /** A ClusterQueue with one cpu quota in default-flavor. */
    static String clusterQueue(String name, String extraSpec) {
        return """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ClusterQueue
                metadata:
                  name: %s
                spec:
                  namespaceSelector: {}
                %s  resourceGroups:
                  - coveredResources: [cpu]
                    flavors:
                    - name: default-flavor
                      resources:
                      - name: cpu
                        nominalQuota: 10
                """.formatted(name, extraSpec.isEmpty() ? "" : extraSpec.indent(2));
    }

    static String localQueue(String namespace, String name, String clusterQueue) {
        return """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata:
                  name: %s
                  namespace: %s
                spec:
                  clusterQueue: %s
                """.formatted(name, namespace, clusterQueue);
    }

    static String docs(String... documents) {
        return String.join("---\n", documents);
    }
}
