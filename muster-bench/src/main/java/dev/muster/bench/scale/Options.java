package dev.muster.bench.scale;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command line of {@code --name value} options and positional arguments, checked against the
 * option names a command knows; bad input is an {@link IllegalArgumentException} with a message for the user.
 */
final class Options {

    private final Map<String, String> values = new HashMap<>();
    private final List<String> positional;
    private final boolean help;

    private Options(Map<String, String> values, List<String> positional, boolean help) {
        this.values.putAll(values);
        this.positional = List.copyOf(positional);
        this.help = help;
    }

    static Options parse(String[] args, Set<String> known) {
        Map<String, String> values = new HashMap<>();
        List<String> positional = new ArrayList<>();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                help = true;
            } else if (a.startsWith("--")) {
                if (!known.contains(a)) {
                    throw new IllegalArgumentException("unexpected option " + a);
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                values.put(a, args[++i]);
            } else {
                positional.add(a);
            }
        }
        return new Options(values, positional, help);
    }

    boolean help() {
        return help;
    }

    List<String> positional() {
        return positional;
    }

    String text(String option, String orElse) {
        return values.getOrDefault(option, orElse);
    }

    String required(String option) {
        String v = values.get(option);
        if (v == null) {
            throw new IllegalArgumentException(option + " is required");
        }
        return v;
    }

    long number(String option, long orElse, long min) {
        String v = values.get(option);
        if (v == null) {
            return orElse;
        }
        try {
            long n = Long.parseLong(v.replace("_", ""));
            if (n < min) {
                throw new IllegalArgumentException(option + " must be at least " + min);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": \"" + v + "\" is not a whole number");
        }
    }

    double fraction(String option, double orElse) {
        String v = values.get(option);
        if (v == null) {
            return orElse;
        }
        try {
            double f = Double.parseDouble(v);
            if (!(f > 0 && f <= 1)) {
                throw new IllegalArgumentException(option + " must be in (0, 1], got " + v);
            }
            return f;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": \"" + v + "\" is not a number");
        }
    }

    List<String> list(String option, List<String> orElse) {
        String v = values.get(option);
        return v == null ? orElse : Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /** Whole numbers separated by commas, e.g. {@code 500,1000,2000}. */
    List<Long> numbers(String option, List<Long> orElse) {
        List<String> items = list(option, null);
        if (items == null) {
            return orElse;
        }
        try {
            return items.stream().map(s -> Long.parseLong(s.replace("_", ""))).toList();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": \"" + values.get(option) + "\" is not a list of whole numbers");
        }
    }
}
