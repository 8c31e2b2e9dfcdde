package dev.muster.core.quantity;

/** Durations in messages, the way Kubernetes prints them: 90s, 5m, 1h30m. */
public final class Durations {

    private Durations() {
    }

    public static String text(long millis) {
        if (millis % 1000 != 0) {
            return millis + "ms";
        }
        long s = millis / 1000;
        StringBuilder sb = new StringBuilder();
        if (s >= 3600) {
            sb.append(s / 3600).append('h');
            s %= 3600;
        }
        if (s >= 60) {
            sb.append(s / 60).append('m');
            s %= 60;
        }
        if (s > 0 || sb.isEmpty()) {
            sb.append(s).append('s');
        }
        return sb.toString();
    }
}
