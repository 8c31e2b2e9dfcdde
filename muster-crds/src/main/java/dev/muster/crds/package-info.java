/**
 * Typed fabric8 model classes of the custom resources Muster serves: Kueue's {@code kueue.x-k8s.io}
 * kinds in {@link dev.muster.crds.kueue} and KAI Scheduler's {@code scheduling.run.ai/v2}
 * Queue in {@link dev.muster.crds.kai}. The CustomResourceDefinitions in {@code deploy/crds}
 * are generated from these classes at build time (crd-generator-maven-plugin); {@link MusterCrds}
 * lists them.
 *
 * <p>Build-only: the operator reads and writes these kinds as generic objects (its {@code KubeKind}
 * names them) and converts between their versions in its webhook package, so neither it nor the
 * {@code muster} command carries this module at run time.
 */
package dev.muster.crds;
