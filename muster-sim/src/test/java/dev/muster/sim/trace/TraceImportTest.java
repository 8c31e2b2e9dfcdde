package dev.muster.sim.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The importers on rows of the real Philly and openb lists, the expected values worked out from those rows. */
class TraceImportTest {

    @TempDir
    Path dir;

    private static Path philly() {
        return SharedData.folder().resolve(PhillyJob.FILE);
    }

    private static Path openb() {
        return OpenbCsv.podList(SharedData.folder(), "default");
    }

    private TraceMapping mapping(String yaml) throws Exception {
        return TraceMappingReader.read(Files.writeString(dir.resolve("m.yaml"), yaml));
    }

    @Test
    void phillysFirstJobsGoToTheirVirtualClustersQueues() throws Exception {
        // philly_jobs.csv starts:  0,0,2240194,8,7f04ca / 1,235696,3256045,1,6214e9 / 2,257229,2643038,1,6214e9
        TraceMapping m = mapping("""
                trace: philly
                queueBy: queue
                rows: {first: 3}
                queues:
                - {name: research, match: ["6214e9"], quota: {nvidia.com/gpu: 4}}
                - {name: others, quota: {nvidia.com/gpu: 2}}
                default: others
                """);
        ImportedTrace<PhillyJob> t = ImportedTrace.select(TraceReader.philly(philly(), m), m);

        assertThat(t.rows()).isEqualTo(82_247);
        assertThat(t.beyondFirst()).isEqualTo(82_244);
        assertThat(t.jobs()).extracting(j -> j.row().name(), ImportedJob::queue, ImportedJob::arrivalMillis, ImportedJob::durationMillis)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("job-0", "others", 0L, OptionalLong.of(2_240_194_000L)),
                        org.assertj.core.groups.Tuple.tuple("job-1", "research", 235_696_000L, OptionalLong.of(3_256_045_000L)),
                        org.assertj.core.groups.Tuple.tuple("job-2", "research", 257_229_000L, OptionalLong.of(2_643_038_000L)));
        assertThat(t.jobs().get(0).row().job().gpus()).isEqualTo(8);
        assertThat(t.jobs().get(0).row().line()).isEqualTo(2);

        String jobs = KueueTraceScenario.of(t, m, "philly_jobs.csv").files().get("2-jobs-000.yaml");
        assertThat(jobs).contains("""
                  name: job-0
                  namespace: others
                  labels: {kueue.x-k8s.io/queue-name: main, trace.muster.dev/line: "2"}
                  annotations: {sim.muster.dev/arrival: 0s, sim.muster.dev/duration: 2240194s}
                """).contains("requests: {nvidia.com/gpu: \"8\"}");
    }

    @Test
    void aWindowStartsTheScenarioAtItsFirstJobAndTheScaleShrinksTime() throws Exception {
        // from 240000 s the first jobs are job-2 (257229 s, 2643038 s long) and job-3 (258252 s, 3219826 s long)
        TraceMapping m = mapping("""
                trace: philly
                queueBy: queue
                rows: {from: 240000s, first: 2}
                timeScale: 0.5
                queues:
                - {name: research, match: ["6214e9"], quota: {nvidia.com/gpu: 4}}
                default: skip
                """);
        ImportedTrace<PhillyJob> t = ImportedTrace.select(TraceReader.philly(philly(), m), m);

        assertThat(t.outOfWindow()).isEqualTo(2); // job-0 and job-1
        assertThat(t.jobs()).extracting(j -> j.row().name()).containsExactly("job-2", "job-3");
        // (258252 - 257229) s x 0.5 = 511.5 s; 3219826 s x 0.5 = 1609913 s
        assertThat(t.jobs().get(1).arrivalMillis()).isEqualTo(511_500L);
        assertThat(t.jobs().get(1).durationMillis()).hasValue(1_609_913_000L);
        assertThat(ScenarioFiles.duration(511_500L)).isEqualTo("511500ms");
    }

    @Test
    void openbPodsGoByQosTheirTimesFromCreationSchedulingAndDeletion() throws Exception {
        // three rows of openb_pod_list_default.csv, one of them a pod the trace caught pending (no scheduled_time)
        List<String> lines = Files.readAllLines(openb());
        Path pods = Files.write(dir.resolve("pods.csv"), List.of(lines.get(0), lines.get(1), lines.get(2), lines.get(62)));
        assertThat(lines.get(62)).isEqualTo("openb-pod-0061,11908,47104,1,1000,,BE,Pending,10001278,10001403,");
        TraceMapping m = mapping("""
                trace: openb
                queueBy: qos
                parentQueue: alibaba
                queues:
                - {name: online, match: [LS], quota: {nvidia.com/gpu: 2, memory: 1Gi}}
                - {name: batch, quota: {nvidia.com/gpu: 1}}
                default: batch
                """);
        ImportedTrace<OpenbPod> t = ImportedTrace.select(TraceReader.openb(pods, m), m);

        assertThat(t.jobs()).extracting(j -> j.row().name(), ImportedJob::queue, ImportedJob::arrivalMillis, ImportedJob::durationMillis)
                .containsExactly(
                        // created and scheduled at 0, deleted at 12537496
                        org.assertj.core.groups.Tuple.tuple("openb-pod-0000", "online", 0L, OptionalLong.of(12_537_496_000L)),
                        // scheduled at 427061, deleted at 12902960: 12475899 s
                        org.assertj.core.groups.Tuple.tuple("openb-pod-0001", "online", 427_061_000L, OptionalLong.of(12_475_899_000L)),
                        // pending: created 10001278, deleted 10001403: 125 s of demand
                        org.assertj.core.groups.Tuple.tuple("openb-pod-0061", "batch", 10_001_278_000L, OptionalLong.of(125_000L)));

        OpenbNode node = new OpenbNode("node-1", 96000, 786432, 8, "V100M32");
        Map<String, String> files = KaiTraceScenario.of(t, m, List.of(node), "pods.csv").files();
        assertThat(files).containsOnlyKeys("1-queues.yaml", "2-nodes.yaml", "3-pods-000.yaml");
        // 1Gi = 1073741824 bytes = 1073.741824 MB, rounded up to 1074 MB; cpu not given: unlimited
        assertThat(files.get("1-queues.yaml")).contains("""
                  name: online
                spec:
                  parentQueue: alibaba
                  resources:
                    gpu:
                      quota: 2
                      limit: -1
                      overQuotaWeight: 1
                    cpu:
                      quota: -1
                      limit: -1
                      overQuotaWeight: 1
                    memory:
                      quota: 1074
                """);
        String podsYaml = files.get("3-pods-000.yaml");
        // pod 0001 asks for 460 thousandths of a GPU: a KAI share, no whole-GPU request
        String pod1 = podsYaml.substring(podsYaml.indexOf("name: openb-pod-0001"), podsYaml.indexOf("name: openb-pod-0061"));
        assertThat(pod1).contains("kai.scheduler/queue: online", "gpu-fraction: '0.46'", "cpu: 6000m", "memory: 12288Mi")
                .doesNotContain("nvidia.com/gpu");
        assertThat(files.get("2-nodes.yaml")).contains("alibabacloud.com/gpu-card-model: V100M32", "nvidia.com/gpu: '8'");
    }

    @Test
    void aQueueByColumnTheTraceLacksIsTheMappingsError() throws Exception {
        TraceMapping m = mapping("""
                trace: philly
                queueBy: vc
                queues:
                - {name: all, quota: {nvidia.com/gpu: 4}}
                default: all
                """);
        Path philly = philly();
        assertThatThrownBy(() -> TraceReader.philly(philly, m)).isInstanceOf(TraceFileException.class)
                .hasMessage(m.file() + ":2: queueBy: \"vc\" is not a column of " + philly
                        + "; its columns are job_id, submit_s, duration_s, num_gpus, queue");
    }

    @Test
    void aBadRowIsNamedByFileLineAndColumn() throws Exception {
        Path csv = Files.writeString(dir.resolve("philly.csv"), "job_id,submit_s,duration_s,num_gpus,queue\n1,0,10,2,a\n2,5,x,1,b\n");
        TraceMapping m = mapping("""
                trace: philly
                queueBy: queue
                queues:
                - {name: all, quota: {nvidia.com/gpu: 4}}
                default: all
                """);
        assertThatThrownBy(() -> TraceReader.philly(csv, m)).hasMessage(csv + ":3: duration_s: not a number of seconds: \"x\"");
    }

    @Test
    void theOutputDirectoryIsWrittenWholeOrRefused() throws Exception {
        Path out = dir.resolve("out");
        ScenarioDirectory.write(out, Map.of("a.yaml", "x: 1\n"));
        assertThat(Files.readString(out.resolve("a.yaml"))).isEqualTo("x: 1\n");
        assertThatThrownBy(() -> ScenarioDirectory.write(out, Map.of("b.yaml", "y: 2\n")))
                .hasMessage(out.toAbsolutePath() + ": is not empty; give a new directory");
        assertThat(out.resolve("b.yaml")).doesNotExist();
        try (var siblings = Files.list(dir)) {
            assertThat(siblings.map(p -> p.getFileName().toString())).containsExactly("out")
                    .as("no staging directory left behind");
        }
    }
}
