package dev.muster.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpellingTest {

    private static final List<String> KINDS = List.of("ClusterQueue", "LocalQueue", "Cohort", "Job", "Pod", "Queue");

    @Test
    void suggestsCloseWords() {
        assertThat(Spelling.closest("ClusterQueu", KINDS)).contains("ClusterQueue");
        assertThat(Spelling.closest("clusterqueue", KINDS)).contains("ClusterQueue");
        assertThat(Spelling.closest("LocalQeueu", KINDS)).contains("LocalQueue");
        assertThat(Spelling.closest("Cohrot", KINDS)).as("a swap of two letters is one edit").contains("Cohort");
    }

    @Test
    void staysQuietWhenNothingIsClose() {
        assertThat(Spelling.closest("Deployment", KINDS)).isEmpty();
        assertThat(Spelling.closest("Jab", List.of("Pod"))).isEmpty();
        assertThat(Spelling.closest("Queue", KINDS)).as("an exact match is not a suggestion").isEmpty();
        assertThat(Spelling.suggestion("Deployment", KINDS)).isEmpty();
        assertThat(Spelling.suggestion("Pdo", KINDS)).isEqualTo("; did you mean Pod?");
    }

    @Test
    void distance() {
        assertThat(Spelling.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Spelling.distance("ab", "ba")).isEqualTo(1);
        assertThat(Spelling.distance("", "abc")).isEqualTo(3);
    }
}
