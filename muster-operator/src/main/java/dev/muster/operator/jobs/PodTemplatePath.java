package dev.muster.operator.jobs;

/**
 * Where a pod set's pod template sits in a job object, as a JSON Pointer
 * ({@code /spec/rayClusterSpec/workerGroupSpecs/0/template}).
 */
public record PodTemplatePath(String podSet, String pointer) {
}
