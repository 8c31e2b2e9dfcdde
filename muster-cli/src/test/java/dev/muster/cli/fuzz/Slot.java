package dev.muster.cli.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One place in a manifest's tree where a mutation can act: a field of a mapping or an item of a
 * sequence, with the path a person would write ({@code spec.template.spec.containers[0].name}).
 */
record Slot(JsonNode parent, String field, int item, String path) {

    /** Every field and item under {@code root}, in document order (the root itself is not a slot). */
    static List<Slot> all(JsonNode root) {
        List<Slot> slots = new ArrayList<>();
        collect(root, "", slots);
        return slots;
    }

    private static void collect(JsonNode node, String path, List<Slot> slots) {
        if (node instanceof ObjectNode object) {
            // a copy of the names: the walk must not see the tree it lists change under it
            List<String> names = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
                names.add(it.next().getKey());
            }
            for (String name : names) {
                String child = path.isEmpty() ? name : path + "." + name;
                slots.add(new Slot(object, name, -1, child));
                collect(object.get(name), child, slots);
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                String child = path + "[" + i + "]";
                slots.add(new Slot(array, null, i, child));
                collect(array.get(i), child, slots);
            }
        }
    }

    JsonNode value() {
        return field != null ? parent.get(field) : parent.get(item);
    }

    void set(JsonNode value) {
        if (field != null) {
            ((ObjectNode) parent).set(field, value);
        } else {
            ((ArrayNode) parent).set(item, value);
        }
    }

    void remove() {
        if (field != null) {
            ((ObjectNode) parent).remove(field);
        } else {
            ((ArrayNode) parent).remove(item);
        }
    }

    /** Puts a copy of this list item right after it (only for an item: a mapping cannot hold a key twice). */
    void duplicateItem() {
        ((ArrayNode) parent).insert(item + 1, value().deepCopy());
    }

    boolean isItem() {
        return field == null;
    }
}
