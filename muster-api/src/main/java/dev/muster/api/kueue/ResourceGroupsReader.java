package dev.muster.api.kueue;

import dev.muster.api.manifest.Field;
import dev.muster.api.manifest.Reference;
import dev.muster.core.model.FlavorQuotas;
import dev.muster.core.model.ResourceGroup;
import dev.muster.core.model.ResourceQuota;
import dev.muster.core.quantity.Quantity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads {@code resourceGroups} of a ClusterQueue or Cohort with Kueue's rules: each flavor lists
 * exactly the group's covered resources in the same order, a resource and a flavor belong to one
 * group only, quotas are not negative and a lending limit does not exceed the nominal quota.
 */
final class ResourceGroupsReader {

    private static final List<String> GROUP_FIELDS = List.of("coveredResources", "flavors");
    private static final List<String> FLAVOR_FIELDS = List.of("name", "resources");
    private static final List<String> QUOTA_FIELDS = List.of("name", "nominalQuota", "borrowingLimit", "lendingLimit");

    /**
     * @param flavors     every flavor name written, for the check that it is a declared ResourceFlavor
     * @param limitFields every borrowingLimit and lendingLimit written, for the owner's rule on when
     *                    limits are allowed at all
     */
    record Result(List<ResourceGroup> groups, List<Reference> flavors, List<Field> limitFields) {
    }

    private ResourceGroupsReader() {
    }

    static Result read(Field resourceGroups) {
        List<ResourceGroup> groups = new ArrayList<>();
        List<Reference> flavorRefs = new ArrayList<>();
        List<Field> limitFields = new ArrayList<>();
        Map<String, String> resourceOwner = new HashMap<>();
        Map<String, String> flavorOwner = new HashMap<>();
        for (Field group : resourceGroups.items()) {
            if (!group.requireObject()) {
                group.require();
                continue;
            }
            group.rejectUnknownFields(GROUP_FIELDS);
            List<String> covered = coveredResources(group.get("coveredResources"), resourceOwner, group.path());
            Field flavorsField = group.get("flavors");
            if (flavorsField.require() && flavorsField.items().isEmpty() && flavorsField.node().isArray()) {
                flavorsField.error("must list at least one flavor");
            }
            List<FlavorQuotas> flavors = new ArrayList<>();
            for (Field flavor : flavorsField.items()) {
                if (!flavor.requireObject()) {
                    flavor.require();
                    continue;
                }
                flavor.rejectUnknownFields(FLAVOR_FIELDS);
                Field nameField = flavor.get("name");
                String name = nameField.requiredString();
                if (!name.isEmpty()) {
                    String owner = flavorOwner.putIfAbsent(name, group.path());
                    if (owner != null) {
                        nameField.error(owner.equals(group.path())
                                ? "flavor \"" + name + "\" is listed twice in this resource group"
                                : "flavor \"" + name + "\" is already used in " + owner
                                        + "; a flavor may appear in one resource group only");
                    } else {
                        flavorRefs.add(new Reference(name, nameField));
                    }
                }
                List<ResourceQuota> quotas = quotas(flavor.get("resources"), covered, limitFields);
                flavors.add(new FlavorQuotas(name, quotas));
            }
            groups.add(new ResourceGroup(covered, flavors));
        }
        return new Result(groups, flavorRefs, limitFields);
    }

    private static List<String> coveredResources(Field field, Map<String, String> resourceOwner, String groupPath) {
        List<String> covered = new ArrayList<>();
        if (!field.require()) {
            return covered;
        }
        List<Field> items = field.items();
        if (items.isEmpty() && field.node().isArray()) {
            field.error("must list at least one resource");
        }
        for (Field item : items) {
            Optional<String> name = item.string();
            if (name.isEmpty()) {
                continue;
            }
            String owner = resourceOwner.putIfAbsent(name.get(), groupPath);
            if (owner != null && owner.equals(groupPath)) {
                item.error("\"" + name.get() + "\" is listed twice");
                continue;
            }
            if (owner != null) {
                item.error("\"" + name.get() + "\" is already covered by " + owner
                        + "; a resource may be covered by one resource group only");
            }
            // Kept even when reported, so that the flavors of this group are checked against what was written.
            covered.add(name.get());
        }
        return covered;
    }

    private static List<ResourceQuota> quotas(Field resources, List<String> covered, List<Field> limitFields) {
        List<ResourceQuota> out = new ArrayList<>();
        if (!resources.require()) {
            return out;
        }
        Set<String> listed = new HashSet<>();
        List<Field> items = resources.items();
        for (int i = 0; i < items.size(); i++) {
            Field r = items.get(i);
            if (!r.requireObject()) {
                r.require();
                continue;
            }
            r.rejectUnknownFields(QUOTA_FIELDS);
            Field nameField = r.get("name");
            String name = nameField.requiredString();
            if (!name.isEmpty()) {
                if (!listed.add(name)) {
                    nameField.error("\"" + name + "\" is listed twice");
                } else if (!covered.contains(name)) {
                    nameField.error("\"" + name + "\" is not in coveredResources (" + String.join(", ", covered)
                            + "); each flavor must list exactly the covered resources, in order");
                } else if (i >= covered.size() || !covered.get(i).equals(name)) {
                    nameField.error("must be \"" + covered.get(Math.min(i, covered.size() - 1))
                            + "\" here: each flavor must list exactly the covered resources, in the order of coveredResources ("
                            + String.join(", ", covered) + ")");
                }
            }
            Field nominalField = r.get("nominalQuota");
            Optional<Quantity> nominal = nominalField.require() ? nominalField.nonNegativeQuantity() : Optional.empty();
            Field borrowingField = r.get("borrowingLimit");
            Optional<Quantity> borrowing = borrowingField.nonNegativeQuantity();
            Field lendingField = r.get("lendingLimit");
            Optional<Quantity> lending = lendingField.nonNegativeQuantity();
            if (borrowingField.isPresent()) {
                limitFields.add(borrowingField);
            }
            if (lendingField.isPresent()) {
                limitFields.add(lendingField);
            }
            if (nominal.isPresent() && lending.isPresent() && lending.get().compareTo(nominal.get()) > 0) {
                lendingField.error("must not exceed nominalQuota (" + nominal.get().format(name) + ")");
            }
            if (!name.isEmpty() && nominal.isPresent()) {
                out.add(new ResourceQuota(name, nominal.get(), borrowing, lending));
            }
        }
        for (String c : covered) {
            if (!listed.contains(c)) {
                resources.error("missing \"" + c + "\": each flavor must list exactly the covered resources ("
                        + String.join(", ", covered) + "), in order");
            }
        }
        return out;
    }
}
