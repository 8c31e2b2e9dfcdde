package dev.muster.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the fuzz test counts as a defect: the command-line contract, read strictly. */
class OutcomeTest {

    @Test
    void aJsonReportWithExitZeroIsAccepted() {
        assertThat(Outcome.of(0, "{\"schema\": \"muster.sim/v1\"}\n", "")).isInstanceOf(Outcome.Accepted.class);
    }

    @Test
    void exitZeroWithoutAJsonReportIsADefect() {
        assertThat(Outcome.of(0, "Simulation ended at 0s", "")).isInstanceOf(Outcome.Defect.class);
    }

    @Test
    void aCleanMessageWithExitTwoIsARefusal() {
        assertThat(Outcome.of(2, "", "error: a.yaml: document 1 (Job \"default/x\"): spec.parallelism: must not be negative, got -1\n"
                + "muster: 1 problem in the input; nothing was run\n")).isInstanceOf(Outcome.Refused.class);
    }

    @Test
    void javaInAnInputErrorIsADefect() {
        assertThat(Outcome.of(2, "", "error: a.yaml: Unrecognized token at [Source: (StringReader)]; com.fasterxml.jackson.core.JsonParseException\n"))
                .isInstanceOf(Outcome.Defect.class);
        assertThat(Outcome.of(2, "", "error: java.lang.NumberFormatException: For input string: \"x\"\n"))
                .isInstanceOf(Outcome.Defect.class);
        assertThat(Outcome.of(2, "", "error: x\n\tat dev.muster.api.Field.quantity(Field.java:12)\n"))
                .isInstanceOf(Outcome.Defect.class);
    }

    @Test
    void anInternalErrorIsADefectEvenWithItsOneLineMessage() {
        assertThat(Outcome.of(3, "", "muster: internal error: something\nmuster: this is a bug; run again with --debug\n"))
                .isInstanceOf(Outcome.Defect.class);
    }

    @Test
    void anExpectationExitWithoutExpectationsIsADefect() {
        assertThat(Outcome.of(1, "{}", "")).isInstanceOf(Outcome.Defect.class);
    }
}
