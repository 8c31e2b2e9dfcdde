package dev.muster.api.manifest;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** Finds the known word a misspelled one was probably meant to be ("ClusterQueu" -> "ClusterQueue"). */
public final class Spelling {

    private Spelling() {
    }

    /**
     * The candidate closest to {@code word} by edit distance (case-insensitive), if it is close
     * enough to be a typo: at most one edit per three characters, and never more than three.
     * Ties go to the earlier candidate, so callers control the preference by order.
     */
    public static Optional<String> closest(String word, Collection<String> candidates) {
        String w = word.toLowerCase(Locale.ROOT);
        int allowed = Math.max(1, Math.min(3, w.length() / 3));
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int d = distance(w, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best != null && bestDistance <= allowed && !best.equals(word) ? Optional.of(best) : Optional.empty();
    }

    /** "; did you mean X?" or nothing, for appending to a message. */
    public static String suggestion(String word, Collection<String> candidates) {
        return closest(word, candidates).map(s -> "; did you mean " + s + "?").orElse("");
    }

    /** Optimal string alignment distance: Levenshtein plus swaps of adjacent letters, a common typo. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
