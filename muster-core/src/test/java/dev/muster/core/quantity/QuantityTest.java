package dev.muster.core.quantity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QuantityTest {

    @ParameterizedTest(name = "{0} = {1} milli-units")
    @CsvSource({
        "2, 2000",
        "500m, 500",
        "0.5, 500",
        "1.5, 1500",
        ".25, 250",
        "1k, 1000000",
        "8G, 8000000000000",
        "4Gi, 4294967296000",
        "200Mi, 209715200000",
        "1Ki, 1024000",
        "1e3, 1000000",
        "1E-3, 1",
        "+3, 3000",
        "10000Gi, 10737418240000000",
        "0.0001, 1",
        "007, 7000",
        "4152m, 4152",
        "64512Mi, 67645734912000",
        "9P, 9000000000000000000",
        "2Pi, 2251799813685248000",
        "123456789012345, 123456789012345000",
        "1234567890123456, 1234567890123456000",
        "0.000001E, 1000000000000000",
        "0.001Ei, 1152921504606846976",
    })
    void parsesKubernetesQuantities(String text, long milli) {
        assertThat(Quantity.parse(text).milli()).isEqualTo(milli);
    }

    @ParameterizedTest
    @CsvSource({"two", "1.2.3", "5 Gi", "Gi", "1gi", "'' "})
    void rejectsWhatKubernetesRejects(String text) {
        assertThatThrownBy(() -> Quantity.parse(text))
                .isInstanceOf(QuantityFormatException.class)
                .hasMessageContaining("quantity");
    }

    @ParameterizedTest
    @CsvSource({"10P", "9000Pi", "9300000Ti", "9999999999999999999", "1E", "9Ei"})
    void wholeNumbersBeyondTheRangeAreTooLarge(String text) {
        assertThatThrownBy(() -> Quantity.parse(text)).isInstanceOf(QuantityFormatException.class)
                .hasMessageContaining("too large");
    }

    @Test
    void extremeExponentsGiveAClearAnswer() {
        assertThatThrownBy(() -> Quantity.parse("1e99999999999")).isInstanceOf(QuantityFormatException.class)
                .hasMessageContaining("too large");
        assertThat(Quantity.parse("1e-999999999").milli()).as("rounds up to the smallest unit").isEqualTo(1);
        assertThat(Quantity.parse("0e99999999999").milli()).isZero();
    }

    @Test
    void nanoAndMicroUnitsAreQuantitiesRoundedUpToAMilliUnitAsTheSchedulerCountsThem() {
        // apimachinery's suffixes include n and u; Muster, like the scheduler's MilliValue, rounds up.
        assertThat(Quantity.parse("1n").milli()).isEqualTo(1);
        assertThat(Quantity.parse("250000u").milli()).isEqualTo(250);
        assertThat(Quantity.parse("1500000n").milli()).isEqualTo(2);
        assertThat(Quantity.parse("0n").milli()).isZero();
    }

    @Test
    void errorMessageQuotesTheValueAndShowsExamples() {
        assertThatThrownBy(() -> Quantity.parse("two"))
                .hasMessage("\"two\" is not a Kubernetes quantity (expected a number with an optional suffix,"
                        + " such as 2, 500m, 8G or 16Gi)");
    }

    @ParameterizedTest(name = "{0} of {1} reads {2}")
    @CsvSource({
        "16, cpu, 16",
        "0.5, cpu, 500m",
        "4Gi, memory, 4Gi",
        "8G, memory, 8G",
        "1, nvidia.com/gpu, 1",
        "3, memory, 3",
        "1536Mi, memory, 1536Mi",
        "10000, cpu, 10000",
    })
    void formatsForPeople(String text, String resource, String expected) {
        assertThat(Quantity.parse(text).format(resource)).isEqualTo(expected);
    }

    @Test
    void formattedTextParsesBackToTheSameValue() {
        for (String t : new String[] {"12294967296", "8G", "4Gi", "100m", "3.5", "7Ki"}) {
            Quantity q = Quantity.parse(t);
            assertThat(Quantity.parse(q.format("memory"))).isEqualTo(q);
            assertThat(Quantity.parse(q.format("cpu"))).isEqualTo(q);
        }
    }

    @Test
    void arithmeticIsExact() {
        assertThat(Quantity.parse("0.1").plus(Quantity.parse("0.2"))).isEqualTo(Quantity.parse("300m"));
        assertThat(Quantity.parse("250m").times(4)).isEqualTo(Quantity.ofUnits(1));
        assertThat(Quantity.parse("8G").plus(Quantity.parse("4Gi")).format("memory")).isEqualTo("12006804Ki");
    }
}
