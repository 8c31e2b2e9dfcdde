package dev.muster.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.quantity.Quantity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldTest {

    private final List<String> reported = new ArrayList<>();

    private Field root(String yaml) {
        ErrorLog log = new ErrorLog();
        return Field.root(YamlDocuments.read("t.yaml", yaml, log).get(0).root(),
                (path, message) -> reported.add(path + ": " + message));
    }

    @Test
    void pathsFollowKubernetesNotation() {
        Field f = root("spec: {groups: [{labels: {a.b/c: x}}]}\n");
        Field label = f.get("spec").get("groups").items().get(0).get("labels").key("a.b/c");
        assertThat(label.path()).isEqualTo("spec.groups[0].labels[a.b/c]");
        assertThat(label.string()).contains("x");
        assertThat(Field.root(f.node(), "items[2]", (p, m) -> { }).get("spec").path()).isEqualTo("items[2].spec");
    }

    @Test
    void absentAndNullAreNotPresent() {
        Field f = root("a: ~\nb: 1\n");
        assertThat(f.get("a").isPresent()).isFalse();
        assertThat(f.get("missing").isPresent()).isFalse();
        assertThat(f.get("missing").get("deeper").isPresent()).isFalse();
        assertThat(f.get("b").isPresent()).isTrue();
        assertThat(f.get("a").string()).isEmpty();
        assertThat(reported).isEmpty();
    }

    @Test
    void typedValuesAndWhatIsReported() {
        Field f = root("""
                q: 500m
                n: 8
                d: 1.5
                s: "3"
                b: true
                t: 90s
                list: x
                map: [1]
                """);
        assertThat(f.get("q").quantity()).contains(Quantity.parse("500m"));
        assertThat(f.get("n").quantity()).contains(Quantity.ofUnits(8));
        assertThat(f.get("d").quantity()).contains(Quantity.parse("1500m"));
        assertThat(f.get("n").int32()).contains(8);
        assertThat(f.get("b").bool()).contains(true);
        assertThat(f.get("t").duration()).contains(Duration.ofSeconds(90));
        assertThat(reported).isEmpty();

        assertThat(f.get("s").int32()).isEmpty();
        assertThat(f.get("d").int32()).isEmpty();
        assertThat(f.get("n").string()).isEmpty();
        assertThat(f.get("list").items()).isEmpty();
        assertThat(f.get("map").entries()).isEmpty();
        assertThat(f.get("b").quantity()).isEmpty();
        assertThat(reported).containsExactly(
                "s: must be a whole number, not the string \"3\" (write it without quotes)",
                "d: must be a whole number, not 1.5",
                "n: must be a string, not the number 8 (quote it: \"8\")",
                "list: must be a list, not the string \"x\"",
                "map: must be a map of fields, not a list",
                "b: must be a quantity such as 2, 500m, 8G or 16Gi, not true");
    }

    @Test
    void unknownFieldsAndChoices() {
        Field f = root("nominalQuta: 1\nname: x\nmode: strict\n");
        f.rejectUnknownFields(List.of("name", "nominalQuota", "mode"));
        assertThat(f.get("mode").oneOf("StrictFIFO", "BestEffortFIFO")).isEmpty();
        assertThat(reported).containsExactly(
                "nominalQuta: unknown field \"nominalQuta\"; did you mean nominalQuota?",
                "mode: \"strict\" is not one of StrictFIFO, BestEffortFIFO");
    }

    @Test
    void negativeAmounts() {
        Field f = root("q: -1\nd: -5s\n");
        assertThat(f.get("q").nonNegativeQuantity()).isEmpty();
        assertThat(f.get("d").nonNegativeDuration()).isEmpty();
        assertThat(reported).containsExactly("q: must not be negative, got -1", "d: must not be negative, got \"-5s\"");
    }
}
