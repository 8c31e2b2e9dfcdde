package dev.muster.api.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NameGeneratorTest {

    @Test
    void sameSeedSameSequence() {
        NameGenerator a = new NameGenerator(1);
        NameGenerator b = new NameGenerator(1);
        for (int i = 0; i < 20; i++) {
            String name = a.generate("job-");
            assertThat(name).matches("job-[a-z0-9]{5}").isEqualTo(b.generate("job-"));
        }
        assertThat(new NameGenerator(2).generate("job-")).isNotEqualTo(new NameGenerator(1).generate("job-"));
    }

    @Test
    void longPrefixesAreTrimmedLikeTheApiServerDoes() {
        assertThat(new NameGenerator(1).generate("x".repeat(70))).hasSize(63);
    }
}
