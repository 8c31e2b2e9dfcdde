package dev.muster.core.quantity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** One bound for every quantity: refused past it when parsed, held at it when summed. */
class QuantityBoundTest {

    @Test
    void theBoundIsTheInt64RangeOfMilliUnits() {
        assertThat(Quantity.MAX.milli()).isEqualTo(Long.MAX_VALUE);
        assertThat(Quantity.parse("9223372036854775807m")).isEqualTo(Quantity.MAX);
        assertThat(Quantity.parse("9P").milli()).isEqualTo(9_000_000_000_000_000_000L);
    }

    @Test
    void valuesPastTheBoundAreRefusedWithTheBoundInTheMessage() {
        for (String text : new String[] {"9223372036854775808m", "1e30", "9Ei", "10P", "9223372036854776"}) {
            assertThatThrownBy(() -> Quantity.parse(text)).as(text)
                    .isInstanceOf(QuantityFormatException.class)
                    .hasMessageContaining("too large a quantity")
                    .hasMessageContaining("at most 9223372036854775807m");
        }
    }

    @Test
    void sumsAndProductsSaturateAtTheBound() {
        Quantity nine = Quantity.parse("9P");
        assertThat(nine.plus(nine)).isEqualTo(Quantity.MAX);
        assertThat(nine.times(3)).isEqualTo(Quantity.MAX);
        assertThat(Quantity.MAX.plus(Quantity.MAX)).isEqualTo(Quantity.MAX);
        assertThat(Quantity.ZERO.minus(Quantity.MAX).minus(Quantity.MAX).milli()).isEqualTo(-Long.MAX_VALUE);
        assertThat(nine.plus(Quantity.parse("1"))).isEqualTo(Quantity.ofMilli(9_000_000_000_000_001_000L));
    }

    @Test
    void exactArithmeticForTotalsThrowsPastTheBound() {
        Quantity half = Quantity.ofMilli(4_611_686_018_427_387_903L);
        assertThat(half.timesExact(2).milli()).isEqualTo(Long.MAX_VALUE - 1);
        assertThatThrownBy(() -> half.timesExact(3)).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> Quantity.MAX.plusExact(Quantity.ofMilli(1))).isInstanceOf(ArithmeticException.class);
    }
}
