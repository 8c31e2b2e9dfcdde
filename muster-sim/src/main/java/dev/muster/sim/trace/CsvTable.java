package dev.muster.sim.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the public GPU traces' csv files by column name. They hold no quoted fields (checked: Philly's
 * and openb's lists, FGD's results), so a line is split at every comma; a row shorter than the header
 * reads its missing cells as empty (openb's {@code gpu_spec} is often empty at the end of the line).
 */
public final class CsvTable {

    private CsvTable() {
    }

    /** One data row, its cells found by header name; errors name the file, the line and the column. */
    public record Row(Path file, int line, Map<String, Integer> columns, String[] cells) {

        public boolean has(String column) {
            return columns.containsKey(column);
        }

        public String text(String column) {
            Integer i = columns.get(column);
            if (i == null) {
                throw TraceFileException.at(file, line, column, "no such column; the columns are "
                        + String.join(",", columns.keySet()));
            }
            return i < cells.length ? cells[i].trim() : "";
        }

        /** The cell, or empty when the file has no such column. */
        public String optionalText(String column) {
            return has(column) ? text(column) : "";
        }

        public long number(String column) {
            String v = text(column);
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw TraceFileException.at(file, line, column, "not a whole number: \"" + v + "\"");
            }
        }

        /**
         * A number of seconds written as a whole or decimal number, cut to whole seconds (Philly's
         * derived list writes some times as {@code 1234.0}); at least 0.
         */
        public long seconds(String column) {
            String v = text(column);
            double d;
            try {
                d = Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw TraceFileException.at(file, line, column, "not a number of seconds: \"" + v + "\"");
            }
            if (!(d >= 0) || d > Trace.MAX_SECONDS) {
                throw TraceFileException.at(file, line, column, "must be between 0 and " + Trace.MAX_SECONDS
                        + " seconds, got " + v);
            }
            return (long) d;
        }
    }

    /** Called with every data row in file order; returning false stops the reading. */
    public interface RowConsumer {
        boolean accept(Row row);
    }

    /** The header's columns, in file order. */
    public static List<String> header(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            return first == null ? List.of() : List.copyOf(columns(first).keySet());
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    /** Streams the rows (the files are up to ~10 MB; a slice of the first rows should not read them all). */
    public static void read(Path file, RowConsumer consumer) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            if (first == null) {
                throw TraceFileException.at(file, 0, null, "is empty; expected a header line of column names");
            }
            Map<String, Integer> columns = Collections.unmodifiableMap(columns(first));
            int lineNo = 1;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (!line.isBlank() && !consumer.accept(new Row(file, lineNo, columns, line.split(",", -1)))) {
                    return;
                }
            }
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    private static Map<String, Integer> columns(String headerLine) {
        Map<String, Integer> columns = new LinkedHashMap<>();
        String[] header = headerLine.split(",", -1);
        for (int i = 0; i < header.length; i++) {
            columns.putIfAbsent(header[i].trim(), i);
        }
        return columns;
    }

    private static TraceFileException unreadable(Path file, IOException e) {
        if (e instanceof NoSuchFileException) {
            return TraceFileException.at(file, 0, null, "no such file");
        }
        return new TraceFileException(file + ": cannot read: " + e.getMessage(), e);
    }
}
