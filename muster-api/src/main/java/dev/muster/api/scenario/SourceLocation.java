package dev.muster.api.scenario;

/** Where an object was declared: file, 1-based document index within the file, kind and name. */
public record SourceLocation(String file, int document, String kind, String name) {
    @Override
    public String toString() {
        return file + ": document " + document + " (" + kind + (name == null || name.isEmpty() ? "" : " \"" + name + "\"") + ")";
    }
}
