package dev.muster.api.validation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.api.manifest.Field;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * KAI Scheduler's rules for the GPU sharing annotations of a pod: {@code gpu-fraction} a number
 * strictly between 0 and 1, {@code gpu-memory} and {@code gpu-fraction-num-devices} positive whole
 * numbers, and no pod asking for GPUs two ways at once.
 *
 * <p>Source: NVIDIA/KAI-Scheduler {@code pkg/binder/plugins/gpusharing/gpu-request/gpu_request_validator.go}
 * (ValidateGpuRequests, validateGpuFractionAnnotation, validateMemoryAnnotation,
 * validateMultiFractionRequest); annotation names in {@code pkg/common/constants/constants.go}.
 */
public final class KaiAnnotationRules {

    public static final String GPU_FRACTION = "gpu-fraction";
    public static final String GPU_MEMORY = "gpu-memory";
    public static final String GPU_FRACTION_DEVICES = "gpu-fraction-num-devices";
    private static final String GPU = "nvidia.com/gpu";

    private KaiAnnotationRules() {
    }

    /**
     * Checks a pod's annotations; {@code wholeGpuLimit} says whether a container of the pod has an
     * {@code nvidia.com/gpu} limit. Returns the fraction when it is valid.
     */
    public static Optional<BigDecimal> check(Field annotations, Map<String, String> values, boolean wholeGpuLimit) {
        Optional<BigDecimal> fraction = fraction(annotations.key(GPU_FRACTION), values.get(GPU_FRACTION));
        boolean hasFraction = values.containsKey(GPU_FRACTION);
        boolean hasMemory = values.containsKey(GPU_MEMORY);
        if (hasFraction && wholeGpuLimit) {
            annotations.key(GPU_FRACTION).error("cannot be combined with a whole nvidia.com/gpu request or limit"
                    + " (KAI: \"cannot have both GPU fraction request and whole GPU resource request/limit\")");
        }
        if (hasMemory) {
            positiveWhole(annotations.key(GPU_MEMORY), values.get(GPU_MEMORY), "a number of MiB such as \"2048\"");
            if (hasFraction || wholeGpuLimit) {
                annotations.key(GPU_MEMORY).error("cannot be combined with gpu-fraction or a whole nvidia.com/gpu"
                        + " request (KAI: \"cannot request both GPU and GPU memory\")");
            }
        }
        if (values.containsKey(GPU_FRACTION_DEVICES)) {
            Field devices = annotations.key(GPU_FRACTION_DEVICES);
            positiveWhole(devices, values.get(GPU_FRACTION_DEVICES), "a number of devices such as \"2\"");
            if (!hasFraction && !hasMemory) {
                devices.error("needs gpu-fraction or gpu-memory: it says how many devices get that share");
            }
        }
        return fraction;
    }

    private static Optional<BigDecimal> fraction(Field field, String text) {
        if (text == null) {
            return Optional.empty();
        }
        BigDecimal f;
        try {
            f = new BigDecimal(text);
        } catch (NumberFormatException e) {
            field.error("\"" + text + "\" is not a number (a GPU fraction such as \"0.5\")");
            return Optional.empty();
        }
        if (f.signum() <= 0 || f.compareTo(BigDecimal.ONE) >= 0) {
            field.error("must be more than 0 and less than 1 (a share of one GPU; ask for whole GPUs with"
                    + " nvidia.com/gpu), got \"" + text + "\"");
            return Optional.empty();
        }
        return Optional.of(f);
    }

    private static void positiveWhole(Field field, String text, String example) {
        // Go's strconv.ParseUint: digits only, no sign, no spaces
        if (text.matches("[0-9]+") && new BigInteger(text).signum() > 0) {
            return;
        }
        field.error("must be a whole number above 0 (" + example + "), got \"" + text + "\"");
    }

    /**
     * Whether a container of the pod spec names nvidia.com/gpu (KAI looks at limits; a request without
     * a limit is one too), from the spec as written: a reader knows it before it reads the containers.
     */
    public static boolean asksForWholeGpus(JsonNode spec) {
        return Stream.of("containers", "initContainers")
                .flatMap(list -> StreamSupport.stream(spec.path(list).spliterator(), false))
                .map(c -> c.path("resources"))
                .anyMatch(r -> r.path("limits").has(GPU) || r.path("requests").has(GPU));
    }
}
