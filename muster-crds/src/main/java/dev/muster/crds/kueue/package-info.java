/**
 * Kueue's API ({@code kueue.x-k8s.io/v1beta1}; Cohort also served as {@code v1alpha1}) as Muster
 * serves it: the quota tree (ResourceFlavor, ClusterQueue, Cohort, LocalQueue), priorities
 * (WorkloadPriorityClass), admission checks (AdmissionCheck, ProvisioningRequestConfig) and
 * Workload. Field names, enumerations, defaults and validation follow Kueue's public API.
 */
package dev.muster.crds.kueue;
