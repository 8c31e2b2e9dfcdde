package dev.muster.bench.operator;

/** The faults the soak injects, each counted as it happens. */
enum Fault {
    /** A controller's API call answered 500 Internal Server Error, not carried out. */
    API_500("API call answered 500"),
    /** A controller's API call answered 429 Too Many Requests with Retry-After, not carried out. */
    API_429("API call answered 429 (Retry-After: 1)"),
    /** A controller's update or patch answered 409 Conflict, not carried out. */
    API_409("update answered 409 Conflict"),
    /** A controller's watch connection closed by the server. */
    WATCH_DROPPED("watch connection dropped"),
    /** A controller's watch request answered 410 Gone: its informer must list again. */
    WATCH_GONE("watch answered 410 Gone"),
    /** The replica holding the Lease killed (its connections cut), a fresh one started in its place. */
    LEADER_KILLED("leader killed"),
    /** A Job created not suspended, as while the webhook is unavailable (failurePolicy Ignore). */
    WEBHOOK_DOWN("Job created while the webhook was down"),
    /** A Workload object deleted by hand. */
    WORKLOAD_DELETED("Workload deleted by hand");

    private final String description;

    Fault(String description) {
        this.description = description;
    }

    String description() {
        return description;
    }
}
