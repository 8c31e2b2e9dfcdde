package dev.muster.core.queue;

/** What a queue's pending pod sets ask for of one resource, and how many of them name it. */
final class Demand {
    long milli;
    int namedBy;
}
