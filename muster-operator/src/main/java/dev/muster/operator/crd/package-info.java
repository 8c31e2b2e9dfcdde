/**
 * Typed fabric8 model classes of the custom resources Muster serves: Kueue's {@code kueue.x-k8s.io}
 * kinds in {@link dev.muster.operator.crd.kueue} and KAI Scheduler's {@code scheduling.run.ai/v2}
 * Queue in {@link dev.muster.operator.crd.kai}. The CustomResourceDefinitions in {@code deploy/crds}
 * are generated from these classes at build time (crd-generator-maven-plugin); {@link MusterCrds}
 * lists them.
 */
package dev.muster.operator.crd;
