package dev.muster.sim.expect;

/**
 * A name in an expectation file, {@code default/high}, or with a trailing {@code *} a prefix,
 * {@code default/pytorch-text-classifier-*}: the object was created with {@code generateName} and its
 * name ends in a suffix the author cannot know in advance. Only a trailing {@code *} is special.
 */
public record NamePattern(String text) {

    public NamePattern {
        if (text.isEmpty()) {
            throw new IllegalArgumentException("empty name pattern");
        }
        if (text.indexOf('*') >= 0 && text.indexOf('*') != text.length() - 1) {
            throw new IllegalArgumentException("\"*\" is only allowed at the end of a name: " + text);
        }
    }

    public boolean isPrefix() {
        return text.endsWith("*");
    }

    public boolean matches(String name) {
        if (name == null) {
            return false;
        }
        return isPrefix() ? name.startsWith(text.substring(0, text.length() - 1)) : name.equals(text);
    }

    @Override
    public String toString() {
        return text;
    }
}
