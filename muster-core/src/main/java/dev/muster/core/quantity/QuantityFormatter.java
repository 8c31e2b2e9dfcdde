package dev.muster.core.quantity;

/** Canonical, human-readable text for a quantity, chosen by the kind of resource. */
final class QuantityFormatter {

    private static final String[] BINARY = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
    private static final String[] DECIMAL = {"k", "M", "G", "T", "P", "E"};

    private QuantityFormatter() {
    }

    static String format(Quantity q, ResourceKind kind) {
        long milli = q.milli();
        if (milli % 1000 != 0) {
            return milli + "m";
        }
        long units = milli / 1000;
        if (kind == ResourceKind.COUNT || units == 0) {
            return Long.toString(units);
        }
        String binary = withSuffix(units, 1024, BINARY);
        String decimal = withSuffix(units, 1000, DECIMAL);
        // Prefer the suffix that gives the shorter text; binary wins ties (memory is usually Gi).
        return binary.length() <= decimal.length() ? binary : decimal;
    }

    private static String withSuffix(long units, long base, String[] suffixes) {
        long value = units;
        int i = -1;
        while (i + 1 < suffixes.length && value % base == 0 && Math.abs(value) >= base) {
            value /= base;
            i++;
        }
        return i < 0 ? Long.toString(value) : value + suffixes[i];
    }
}
