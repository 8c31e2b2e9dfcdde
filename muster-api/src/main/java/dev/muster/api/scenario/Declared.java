package dev.muster.api.scenario;

/** Something read from a document, with where it was declared. */
record Declared<T>(T value, SourceLocation origin) {
}
