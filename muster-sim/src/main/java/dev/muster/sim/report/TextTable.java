package dev.muster.sim.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rows of text in aligned columns, headed by column names, like {@code kubectl get} prints them.
 *
 * <p>Columns are separated by three spaces. The last column is not padded, so a long free-text
 * column (a message) belongs last and no line ends in spaces. Line breaks and tabs inside a cell are
 * turned into spaces: one row must stay one line or the alignment is lost.
 */
public final class TextTable {

    /** A column: its heading and which side its cells are flushed to. */
    public record Column(String heading, Alignment alignment) {

        public static Column left(String heading) {
            return new Column(heading, Alignment.LEFT);
        }

        /** For numbers and times, so that units and digits line up. */
        public static Column right(String heading) {
            return new Column(heading, Alignment.RIGHT);
        }
    }

    public enum Alignment { LEFT, RIGHT }

    private static final String GAP = "   ";

    private final List<Column> columns;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(Column... columns) {
        if (columns.length == 0) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.columns = List.of(columns);
    }

    /** Adds a row; {@code null} cells are shown as {@code -}. */
    public TextTable row(String... cells) {
        if (cells.length != columns.size()) {
            throw new IllegalArgumentException(
                    "row has " + cells.length + " cells for " + columns.size() + " columns: " + Arrays.toString(cells));
        }
        rows.add(Arrays.stream(cells).map(TextTable::oneLine).toList());
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The heading line followed by one line per row, without line terminators. */
    public List<String> lines() {
        int[] widths = widths();
        List<String> lines = new ArrayList<>(rows.size() + 1);
        lines.add(line(columns.stream().map(Column::heading).toList(), widths));
        for (List<String> row : rows) {
            lines.add(line(row, widths));
        }
        return lines;
    }

    @Override
    public String toString() {
        return String.join("\n", lines()) + "\n";
    }

    private int[] widths() {
        int[] widths = new int[columns.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = columns.get(i).heading().length();
        }
        for (List<String> row : rows) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        return widths;
    }

    private String line(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                line.append(GAP);
            }
            String cell = cells.get(i);
            int padding = widths[i] - cell.length();
            boolean last = i == cells.size() - 1;
            if (columns.get(i).alignment() == Alignment.RIGHT) {
                line.append(" ".repeat(padding)).append(cell);
            } else {
                line.append(cell);
                if (!last) {
                    line.append(" ".repeat(padding));
                }
            }
        }
        return line.toString().stripTrailing();
    }

    private static String oneLine(String cell) {
        if (cell == null) {
            return "-";
        }
        return cell.replaceAll("\\s*[\\r\\n\\t]+\\s*", " ");
    }
}
