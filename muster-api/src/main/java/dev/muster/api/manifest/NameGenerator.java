package dev.muster.api.manifest;

import java.util.SplittableRandom;

/**
 * Completes {@code metadata.generateName} the way the API server does (prefix plus five random
 * characters), but from a seed: the same manifests and seed always give the same names, which
 * keeps reports and expectations stable. One generator serves a whole load, drawn in document order.
 */
public final class NameGenerator {

    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final int SUFFIX_LENGTH = 5;
    // The API server trims the prefix so that prefix + suffix stays within 63 characters.
    private static final int MAX_PREFIX = 58;

    private final SplittableRandom random;

    public NameGenerator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    public String generate(String prefix) {
        StringBuilder sb = new StringBuilder(prefix.length() > MAX_PREFIX ? prefix.substring(0, MAX_PREFIX) : prefix);
        for (int i = 0; i < SUFFIX_LENGTH; i++) {
            sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }
}
