package dev.muster.sim.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.util.Instantiatable;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The layout of {@code -o json}: indented by two spaces, {@code "key": value}, {@code []} and
 * {@code {}} for empties, except that an event, and anything nested five levels deep (a pod set's
 * flavors, a pod, an eviction, a flavor's usage), is written on one line, as the contract shows
 * them. A long run's report is mostly events: one line each makes it about 15 % smaller (2,000
 * overloaded RayJobs: 6.3 MB instead of 7.3) and lets {@code grep} find whole events.
 */
final class JsonReportLayout implements PrettyPrinter, Instantiatable<JsonReportLayout> {

    /** Containers this deep (the root object is 1) go on one line. */
    private static final int INLINE_DEPTH = 5;

    /** For each open container, outermost last: whether it is written on one line. */
    private final Deque<Boolean> inline = new ArrayDeque<>();

    @Override
    public JsonReportLayout createInstance() {
        return new JsonReportLayout(); // one per write: the stack is the state of one document
    }

    @Override
    public void writeRootValueSeparator(JsonGenerator g) {
        // one report per document: nothing between root values
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
        open(g);
        g.writeRaw('{');
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
        firstLine(g);
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(": ");
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
        g.writeRaw(',');
        breakLine(g);
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
        close(g, entries);
        g.writeRaw('}');
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
        open(g);
        g.writeRaw('[');
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) throws IOException {
        firstLine(g);
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(',');
        breakLine(g);
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
        close(g, values);
        g.writeRaw(']');
    }

    /** Called with the new container's context already current (Jackson creates it first). */
    private void open(JsonGenerator g) {
        boolean inInline = !inline.isEmpty() && inline.peek();
        int depth = inline.size() + 1;
        inline.push(inInline || depth >= INLINE_DEPTH || depth == 3 && isEvent(g.getOutputContext()));
    }

    private void close(JsonGenerator g, int entries) throws IOException {
        boolean wasInline = inline.pop();
        if (!wasInline && entries > 0) {
            indent(g, inline.size());
        }
    }

    /** Before the first entry: a new line at the container's indentation, or nothing on one line. */
    private void firstLine(JsonGenerator g) throws IOException {
        if (!inline.peek()) {
            indent(g, inline.size());
        }
    }

    /** Between entries: a new line at the container's indentation, or a space on one line. */
    private void breakLine(JsonGenerator g) throws IOException {
        if (inline.peek()) {
            g.writeRaw(' ');
        } else {
            indent(g, inline.size());
        }
    }

    private static void indent(JsonGenerator g, int depth) throws IOException {
        g.writeRaw('\n');
        for (int i = 0; i < depth; i++) {
            g.writeRaw("  ");
        }
    }

    /** An item of the report's {@code events} array. */
    private static boolean isEvent(JsonStreamContext context) {
        JsonStreamContext list = context.getParent();
        return list != null && list.inArray() && list.getParent() != null && "events".equals(list.getParent().getCurrentName());
    }
}
