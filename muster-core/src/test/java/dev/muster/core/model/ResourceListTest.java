package dev.muster.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.muster.core.quantity.Quantity;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ResourceListTest {

    private static final Map<String, Quantity> GIVEN = Map.of(
            "nvidia.com/gpu", Quantity.ofUnits(2), "cpu", Quantity.ofMilli(1500), "memory", Quantity.ofUnits(0),
            "ephemeral-storage", Quantity.ofUnits(10));

    @Test
    void namesItsNonZeroResourcesInNameOrderWithTheirMilliUnitsByIndex() {
        ResourceList list = new ResourceList(GIVEN);

        assertThat(list.size()).isEqualTo(3);
        assertThat(list.resourceAt(0)).isEqualTo("cpu");
        assertThat(list.milliAt(0)).isEqualTo(1500);
        assertThat(list.resourceAt(1)).isEqualTo("ephemeral-storage");
        assertThat(list.resourceAt(2)).isEqualTo("nvidia.com/gpu");
        assertThat(list.milliAt(2)).isEqualTo(2000);
        assertThat(list.amounts().keySet()).containsExactly("cpu", "ephemeral-storage", "nvidia.com/gpu");
    }

    @Test
    void itsAmountsAreEqualToAndHashAsATreeMapOfTheSameEntries() {
        TreeMap<String, Quantity> tree = new TreeMap<>(GIVEN);
        tree.remove("memory"); // zero amounts are dropped
        Map<String, Quantity> amounts = new ResourceList(GIVEN).amounts();

        assertThat(amounts).isEqualTo(tree);
        assertThat(tree).isEqualTo(amounts);
        assertThat(amounts.hashCode()).isEqualTo(tree.hashCode());
        assertThat(amounts.toString()).isEqualTo(tree.toString());
        assertThat(new ResourceList(new HashMap<>(tree))).isEqualTo(new ResourceList(GIVEN));
    }

    @Test
    void answersLookupsAndIsReadOnly() {
        Map<String, Quantity> amounts = new ResourceList(GIVEN).amounts();

        assertThat(amounts.get("cpu")).isEqualTo(Quantity.ofMilli(1500));
        assertThat(amounts.get("memory")).isNull();
        assertThat(amounts.containsKey("nvidia.com/gpu")).isTrue();
        assertThat(amounts.getOrDefault("pods", Quantity.ZERO)).isEqualTo(Quantity.ZERO);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> amounts.put("pods", Quantity.ofUnits(1)))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(ResourceList.EMPTY.size()).isZero();
    }
}
