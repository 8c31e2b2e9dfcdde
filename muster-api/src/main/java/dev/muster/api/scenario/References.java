package dev.muster.api.scenario;

import dev.muster.api.manifest.Reference;
import dev.muster.api.manifest.Spelling;
import java.util.Collection;

/** Reports a name that points at nothing, with the closest declared name or the declared ones. */
final class References {

    private References() {
    }

    /** @return whether {@code ref} names one of {@code declared}; reports it when not */
    static boolean check(Reference ref, String kind, Collection<String> declared, String why) {
        if (ref.name().isEmpty() || declared.contains(ref.name())) {
            return true;
        }
        ref.error(kind + " \"" + ref.name() + "\" is not declared" + why + hint(ref.name(), declared));
        return false;
    }

    static String hint(String name, Collection<String> declared) {
        String s = Spelling.suggestion(name, declared);
        if (!s.isEmpty() || declared.isEmpty()) {
            return s;
        }
        return declared.size() <= 10 ? " (declared: " + String.join(", ", declared) + ")" : "";
    }
}
