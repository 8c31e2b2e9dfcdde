package dev.muster.operator.kube;

/** The two API calls Events take: a new Event, and one seen again (its count, last time and message). */
public interface EventWriter {

    /** Creates the Event; false if that failed. */
    boolean create(KubeEvent event);

    /** Updates an Event created before with its new count, last time and message; false if that failed (gone: create it). */
    boolean update(KubeEvent event);
}
