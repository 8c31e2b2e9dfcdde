package dev.muster.core.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Request names as Kueue's ProvisioningRequestName, limitObjectName and getAttempt make and read them. */
class RequestNamesTest {

    @Test
    void aRequestIsNamedAfterItsWorkloadCheckAndAttempt() {
        assertThat(RequestNames.of("job-train-1a2b3", "gpu-check", 2)).isEqualTo("job-train-1a2b3-gpu-check-2");
        assertThat(RequestNames.attempt("job-train-1a2b3-gpu-check-2", "job-train-1a2b3", "gpu-check")).hasValue(2);
        assertThat(RequestNames.attempt("job-train-1a2b3-other-2", "job-train-1a2b3", "gpu-check")).isEmpty();
        assertThat(RequestNames.attempt("job-train-1a2b3-gpu-check-x", "job-train-1a2b3", "gpu-check")).isEmpty();
    }

    @Test
    void aNameTooLongForAnObjectKeepsIts247FirstCharactersAndAHash() {
        String workload = "w".repeat(240);
        // 240 + "-check-1" = 248 characters, one more than Kueue keeps; the hash is the first five hex
        // digits of the whole name's SHA-1 (worked out with Python's hashlib).
        String name = RequestNames.of(workload, "check", 1);
        assertThat(name).hasSize(253).isEqualTo(workload + "-check-" + "-1a589");
        assertThat(RequestNames.of("w".repeat(239), "check", 1)).as("247 characters fit").hasSize(247);
    }

    @Test
    void theAttemptOfAShortenedNameCannotBeReadBack() {
        // As in Kueue: after the shortened name's prefix comes the hash, not the attempt, so the
        // adopter counts the request as attempt 1.
        String workload = "w".repeat(240);
        assertThat(RequestNames.attempt(RequestNames.of(workload, "check", 3), workload, "check")).isEqualTo(OptionalInt.empty());
    }
}
