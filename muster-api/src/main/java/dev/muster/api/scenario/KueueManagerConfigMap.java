package dev.muster.api.scenario;

import dev.muster.api.manifest.ErrorLog;
import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.ManifestDocument;
import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestObject;
import dev.muster.api.manifest.YamlDocuments;
import java.util.List;
import java.util.Optional;

/**
 * Kueue is installed with its Configuration inside a ConfigMap ({@code kueue-manager-config}, key
 * {@code controller_manager_config.yaml}); users often have only that file, so it is read like a
 * bare Configuration. Other ConfigMaps hold nothing a scenario uses and are refused, as unknown kinds are.
 */
final class KueueManagerConfigMap {

    static final String KEY = "controller_manager_config.yaml";

    private KueueManagerConfigMap() {
    }

    static void read(ManifestObject object, SourceLocation origin, ScenarioDraft draft) {
        Field data = object.root().get("data").key(KEY);
        if (!data.isPresent()) {
            object.root().get("kind").error("a ConfigMap is read only when it holds Kueue's manager configuration"
                    + " (data." + KEY + "); other ConfigMaps play no part in a simulation, remove them");
            return;
        }
        parse(data).ifPresent(settings -> draft.setConfiguration(settings, origin, object.root()));
    }

    /** The Configuration embedded in the ConfigMap entry, with problems reported on that entry. */
    static Optional<KueueSettings> parse(Field data) {
        Optional<String> text = data.string();
        if (text.isEmpty()) {
            return Optional.empty();
        }
        ErrorLog yamlErrors = new ErrorLog();
        List<ManifestDocument> docs = YamlDocuments.read("", text.get(), yamlErrors);
        for (ManifestError e : yamlErrors.errors()) {
            data.error(e.message());
        }
        if (!yamlErrors.isEmpty() || docs.isEmpty()) {
            if (yamlErrors.isEmpty()) {
                data.error("is empty; expected Kueue's Configuration");
            }
            return Optional.empty();
        }
        Field inner = Field.root(docs.get(0).root(), data.path(), data.reporter());
        String apiVersion = inner.get("apiVersion").string("");
        String kind = inner.get("kind").string("");
        if (!apiVersion.equals(KindRegistry.CONFIGURATION_API_VERSION) || !kind.equals("Configuration")) {
            data.error("must hold a Configuration of apiVersion " + KindRegistry.CONFIGURATION_API_VERSION
                    + ", not kind \"" + kind + "\" of apiVersion \"" + apiVersion + "\"");
            return Optional.empty();
        }
        return Optional.of(ConfigurationReader.read(inner));
    }
}
