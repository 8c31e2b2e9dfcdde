package dev.muster.sim.expect;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/** The known key an unknown one was probably meant to be ({@code stat} → {@code state}), for error messages. */
final class KeySuggestion {

    /** Farther than this, a suggestion is more confusing than helpful. */
    private static final int MAX_EDITS = 2;

    private KeySuggestion() {
    }

    static Optional<String> closest(String typo, Collection<String> known) {
        String wanted = typo.toLowerCase(Locale.ROOT);
        return known.stream()
                .filter(k -> editDistance(wanted, k.toLowerCase(Locale.ROOT)) <= MAX_EDITS)
                .min(Comparator.comparingInt(k -> editDistance(wanted, k.toLowerCase(Locale.ROOT))));
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
