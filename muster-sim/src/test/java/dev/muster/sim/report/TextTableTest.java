package dev.muster.sim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.muster.sim.report.TextTable.Column;
import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void alignsColumnsAndLeavesNoTrailingSpaces() {
        TextTable table = new TextTable(Column.left("NAME"), Column.right("COUNT"), Column.left("NOTE"))
                .row("a", "1", "first")
                .row("longer-name", "100", "");

        assertThat(table.lines()).containsExactly(
                "NAME          COUNT   NOTE",
                "a                 1   first",
                "longer-name     100");
    }

    @Test
    void showsNullAsADashAndKeepsEachRowOnOneLine() {
        TextTable table = new TextTable(Column.left("A"), Column.left("B"))
                .row(null, "line one\nline two\r\n\tthree");

        assertThat(table.lines()).containsExactly("A   B", "-   line one line two three");
    }

    @Test
    void printsOnlyTheHeadingsWhenEmpty() {
        TextTable table = new TextTable(Column.left("NAME"), Column.left("KIND"));

        assertThat(table.isEmpty()).isTrue();
        assertThat(table.toString()).isEqualTo("NAME   KIND\n");
    }

    @Test
    void refusesARowOfTheWrongWidth() {
        TextTable table = new TextTable(Column.left("A"), Column.left("B"));

        assertThatThrownBy(() -> table.row("only one")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 cells for 2 columns");
    }
}
