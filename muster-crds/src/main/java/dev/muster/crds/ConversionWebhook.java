package dev.muster.crds;

import java.util.Set;

/**
 * The {@code spec.conversion} of the CRDs whose served versions differ in their fields
 * (ClusterQueue and Workload, v1beta1 and v1beta2): the API server asks Muster's webhook
 * ({@code /convert} on the Service {@code muster-webhook} in {@code muster-system}) to convert
 * between them. The CRD generator has no annotation for it, so it is added to the generated text;
 * the other CRDs serve identical schemas and need no conversion (strategy None). The conversion
 * itself runs in muster-operator ({@code dev.muster.operator.webhook.KueueVersions}).
 */
public final class ConversionWebhook {

    /** The CRDs that get the conversion webhook. */
    public static final Set<String> CONVERTED = Set.of("clusterqueues.kueue.x-k8s.io", "workloads.kueue.x-k8s.io");

    static final String STANZA = """
              conversion:
                strategy: Webhook
                webhook:
                  clientConfig:
                    service:
                      name: muster-webhook
                      namespace: muster-system
                      path: /convert
                      port: 443
                  conversionReviewVersions:
                  - v1
            """;

    static final String CA_INJECTION = "  annotations:\n    cert-manager.io/inject-ca-from: muster-system/muster-webhook\n";

    private ConversionWebhook() {
    }

    /** The CRD as generated, with the conversion webhook when its versions need one. */
    public static String served(String crdName, String generatedYaml) {
        if (!CONVERTED.contains(crdName)) {
            return generatedYaml;
        }
        String marker = "\nspec:\n";
        int at = generatedYaml.indexOf(marker);
        if (at < 0) {
            throw new IllegalArgumentException("CRD " + crdName + " has no top-level spec");
        }
        int insert = at + marker.length();
        String withConversion = generatedYaml.substring(0, insert) + STANZA + generatedYaml.substring(insert);
        // cert-manager's CA injector fills in the conversion webhook's caBundle from the webhook's Certificate.
        return withConversion.replaceFirst("\nmetadata:\n", "\nmetadata:\n" + CA_INJECTION);
    }
}
