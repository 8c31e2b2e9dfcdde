package dev.muster.api.manifest;

import com.fasterxml.jackson.core.JsonStreamContext;
import java.util.ArrayDeque;
import java.util.Deque;

/** Where in a document the parser was, as a field path shortened to its first few steps. */
final class NestingPath {

    /** Enough to find the place; a path 100 levels deep says nothing more. */
    private static final int SHOWN_STEPS = 4;

    private NestingPath() {
    }

    static String of(JsonStreamContext context) {
        Deque<String> steps = new ArrayDeque<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            JsonStreamContext parent = c.getParent();
            if (parent != null && parent.inArray()) {
                steps.addFirst("[" + Math.max(0, parent.getCurrentIndex()) + "]");
            } else if (parent != null && parent.inObject() && parent.getCurrentName() != null) {
                steps.addFirst("." + parent.getCurrentName());
            }
        }
        StringBuilder path = new StringBuilder();
        int shown = 0;
        for (String step : steps) {
            if (shown++ == SHOWN_STEPS) {
                return path.append("...").toString();
            }
            path.append(path.isEmpty() && step.startsWith(".") ? step.substring(1) : step);
        }
        return path.toString();
    }
}
