package dev.muster.cli.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.muster.cli.fuzz.ManifestSet.DocumentRef;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * The structural mistakes the fuzz test makes in a scenario, each as a person or a generator makes
 * them. An operator acts on one randomly chosen place and says what it did, or answers empty when
 * the scenario has no place it applies to.
 */
enum MutationOperator {

    /** A field or a list item left out. */
    DELETE_FIELD {
        @Override
        Optional<String> apply(ManifestSet set, RandomGenerator random) {
            return slot(set, random, s -> true).map(s -> {
                s.remove();
                return "deleted " + s.path();
            });
        }
    },
    /** A value of another YAML type: text for a number, a mapping for a list, null for anything. */
    CHANGE_TYPE {
        @Override
        Optional<String> apply(ManifestSet set, RandomGenerator random) {
            return slot(set, random, s -> true).map(s -> {
                JsonNode before = s.value();
                JsonNode after = otherType(before, random);
                s.set(after);
                return "changed " + s.path() + " from " + brief(before) + " to " + brief(after);
            });
        }
    },
    /** A number, quantity or duration at an edge: zero, negative, past a long, 1e30, 9E. */
    EXTREME_VALUE {
        @Override
        Optional<String> apply(ManifestSet set, RandomGenerator random) {
            return slot(set, random, s -> ExtremeValues.applies(s.value())).map(s -> {
                JsonNode before = s.value();
                JsonNode after = ExtremeValues.replacing(before, random);
                s.set(after);
                return "set " + s.path() + " from " + brief(before) + " to " + brief(after);
            });
        }
    },
    /** A list item written twice (two containers, two flavors, two head groups of the same name). */
    DUPLICATE_ITEM {
        @Override
        Optional<String> apply(ManifestSet set, RandomGenerator random) {
            return slot(set, random, Slot::isItem).map(s -> {
                s.duplicateItem();
                return "duplicated " + s.path();
            });
        }
    },
    /** A document pasted twice: the same object again, or (renamed) a second object just like it. */
    DUPLICATE_DOCUMENT {
        @Override
        Optional<String> apply(ManifestSet set, RandomGenerator random) {
            return document(set.trees(), random).map(d -> {
                JsonNode copy = d.root().deepCopy();
                boolean rename = random.nextBoolean() && copy.path("metadata") instanceof ObjectNode;
                if (rename) {
                    ObjectNode metadata = (ObjectNode) copy.get("metadata");
                    metadata.put("name", metadata.path("name").asText("x") + "-copy");
                }
                d.insertAfter(new ManifestSet.Tree(copy));
                return "duplicated " + d.name() + (rename ? " as a renamed copy" : "");
            });
        }
    },
    /** A document cut off somewhere, as a failed copy or a partial write leaves it (possibly mid-word). */
    TRUNCATE_DOCUMENT {
        @Override
        Optional<String> apply(ManifestSet set, RandomGenerator random) {
            return document(set.trees(), random).map(d -> {
                String yaml = ManifestSet.yaml(d.root());
                int cut = random.nextInt(yaml.length());
                d.replace(new ManifestSet.Text(yaml.substring(0, cut)));
                return "cut " + d.name() + " after " + cut + " of " + yaml.length() + " characters";
            });
        }
    },
    /** A text value copied from elsewhere in the scenario: a job sent to another queue, a parent that is a leaf, a name in a quantity. */
    COPY_VALUE {
        @Override
        Optional<String> apply(ManifestSet set, RandomGenerator random) {
            List<JsonNode> texts = set.trees().stream().flatMap(d -> Slot.all(d.root()).stream())
                    .map(Slot::value).filter(JsonNode::isTextual).toList();
            if (texts.isEmpty()) {
                return Optional.empty();
            }
            JsonNode copied = texts.get(random.nextInt(texts.size())).deepCopy();
            return slot(set, random, s -> s.value().isTextual() && !s.value().equals(copied)).map(s -> {
                JsonNode before = s.value();
                s.set(copied);
                return "set " + s.path() + " from " + brief(before) + " to " + brief(copied);
            });
        }
    },
    /** A document given another kind Muster reads (its fields now belong to the wrong kind). */
    SWAP_KIND {
        @Override
        Optional<String> apply(ManifestSet set, RandomGenerator random) {
            return document(set.trees(), random).filter(d -> d.root() instanceof ObjectNode).map(d -> {
                String[] kind = KINDS.get(random.nextInt(KINDS.size()));
                ObjectNode root = (ObjectNode) d.root();
                root.put("kind", kind[1]);
                boolean withVersion = random.nextBoolean();
                if (withVersion) {
                    root.put("apiVersion", kind[0]);
                }
                return "made " + d.name() + " a " + kind[1] + (withVersion ? " (" + kind[0] + ")" : "");
            });
        }
    };

    /** The kinds Muster reads, as apiVersion and kind. */
    private static final List<String[]> KINDS = List.of(
            new String[] {"kueue.x-k8s.io/v1beta1", "ResourceFlavor"},
            new String[] {"kueue.x-k8s.io/v1beta1", "ClusterQueue"},
            new String[] {"kueue.x-k8s.io/v1beta1", "LocalQueue"},
            new String[] {"kueue.x-k8s.io/v1beta1", "Cohort"},
            new String[] {"kueue.x-k8s.io/v1beta1", "WorkloadPriorityClass"},
            new String[] {"kueue.x-k8s.io/v1beta1", "AdmissionCheck"},
            new String[] {"kueue.x-k8s.io/v1beta1", "ProvisioningRequestConfig"},
            new String[] {"kueue.x-k8s.io/v1beta1", "Workload"},
            new String[] {"scheduling.run.ai/v2", "Queue"},
            new String[] {"ray.io/v1", "RayJob"},
            new String[] {"ray.io/v1", "RayCluster"},
            new String[] {"batch/v1", "Job"},
            new String[] {"v1", "Pod"},
            new String[] {"v1", "Node"},
            new String[] {"v1", "Namespace"},
            new String[] {"v1", "ConfigMap"},
            new String[] {"scheduling.k8s.io/v1", "PriorityClass"},
            new String[] {"config.kueue.x-k8s.io/v1beta1", "Configuration"},
            new String[] {"sim.muster.dev/v1alpha1", "NodePool"});

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Applies this operator once; empty when the scenario has no place it applies to. */
    abstract Optional<String> apply(ManifestSet set, RandomGenerator random);

    private static Optional<Slot> slot(ManifestSet set, RandomGenerator random, Predicate<Slot> fits) {
        Optional<DocumentRef> doc = document(set.trees(), random);
        if (doc.isEmpty()) {
            return Optional.empty();
        }
        List<Slot> slots = Slot.all(doc.get().root()).stream().filter(fits).toList();
        return slots.isEmpty() ? Optional.empty() : Optional.of(slots.get(random.nextInt(slots.size())));
    }

    private static Optional<DocumentRef> document(List<DocumentRef> docs, RandomGenerator random) {
        return docs.isEmpty() ? Optional.empty() : Optional.of(docs.get(random.nextInt(docs.size())));
    }

    private static JsonNode otherType(JsonNode value, RandomGenerator random) {
        List<JsonNode> others = List.of(
                NODES.textNode(value.isValueNode() ? value.asText() : "x"),
                NODES.numberNode(value.isNumber() ? value.decimalValue().negate() : new BigDecimal("2.5")),
                NODES.booleanNode(true),
                NODES.nullNode(),
                NODES.objectNode(),
                NODES.arrayNode(),
                NODES.arrayNode().add(value.deepCopy()),
                NODES.objectNode().set("value", value.deepCopy()));
        List<JsonNode> differentType = others.stream().filter(o -> o.getNodeType() != value.getNodeType()
                || o.isContainerNode() && !o.equals(value)).toList();
        return differentType.get(random.nextInt(differentType.size()));
    }

    private static String brief(JsonNode value) {
        String s = value.toString();
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
