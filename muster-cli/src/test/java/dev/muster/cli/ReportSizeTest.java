package dev.muster.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long, overloaded run stays a report people can open: 2,000 RayJobs arriving a second apart
 * into one ClusterQueue with room for 8 of them at a time (41 hours of virtual time, every one
 * waiting for most of it) give reports under 5 MB in every format. Before repeated events were
 * counted (issue 18) the text report of such a run was 206 MB; the sizes here are of what the run
 * says, not of how fast it says it.
 */
class ReportSizeTest {

    private static final long LIMIT = 5_000_000;

    @TempDir
    Path dir;

    @Test
    void twoThousandOverloadedRayJobsGiveReportsUnderFiveMegabytes() throws IOException {
        Files.writeString(dir.resolve("queues.yaml"), """
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ResourceFlavor
                metadata: {name: default-flavor}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: ClusterQueue
                metadata: {name: cluster-queue}
                spec:
                  namespaceSelector: {}
                  resourceGroups:
                  - coveredResources: [cpu, memory, nvidia.com/gpu]
                    flavors:
                    - name: default-flavor
                      resources:
                      - {name: cpu, nominalQuota: 64}
                      - {name: memory, nominalQuota: 10000Gi}
                      - {name: nvidia.com/gpu, nominalQuota: 16}
                ---
                apiVersion: kueue.x-k8s.io/v1beta1
                kind: LocalQueue
                metadata: {namespace: default, name: user-queue}
                spec: {clusterQueue: cluster-queue}
                """);
        StringBuilder jobs = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            jobs.append("""
                    ---
                    apiVersion: ray.io/v1
                    kind: RayJob
                    metadata:
                      name: job-%04d
                      namespace: default
                      labels: {kueue.x-k8s.io/queue-name: user-queue}
                      annotations: {sim.muster.dev/duration: "10m", sim.muster.dev/arrival: "%ds"}
                    spec:
                      shutdownAfterJobFinishes: true
                      entrypoint: python train.py
                      rayClusterSpec:
                        headGroupSpec:
                          template:
                            spec:
                              containers:
                              - name: ray-head
                                image: ray
                                resources: {requests: {cpu: "1", memory: 2G}, limits: {cpu: "1", memory: 2G}}
                        workerGroupSpecs:
                        - groupName: gpu
                          replicas: 2
                          minReplicas: 2
                          maxReplicas: 2
                          template:
                            spec:
                              containers:
                              - name: ray-worker
                                image: ray
                                resources:
                                  requests: {cpu: "1", memory: 2G, nvidia.com/gpu: "1"}
                                  limits: {cpu: "1", memory: 2G, nvidia.com/gpu: "1"}
                    """.formatted(i, i));
        }
        Files.writeString(dir.resolve("jobs.yaml"), jobs);

        for (String format : new String[] {"text", "json", "yaml"}) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                    "simulate", "-o", format, dir.toString());
            assertThat(code).as("%s: %s", format, err).isZero();
            long bytes = out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            assertThat(bytes).as("the %s report's size in bytes", format).isLessThan(LIMIT);
            if (format.equals("text")) {
                assertThat(out.toString()).contains("2000 workloads: 2000 Finished");
            }
        }
    }
}
