package dev.muster.sim.expect;

import dev.muster.sim.report.Report.Eviction;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * One element of an {@code evictions:} list. Each component is {@code null} when the file does not
 * give it, and only the given ones are compared.
 *
 * @param atSeconds an extension of the contract's {@code {reason, detail}}: when the eviction happened, ±1 s
 */
public record ExpectedEviction(String reason, String detail, ExpectedTime atSeconds) {

    List<Difference> against(String path, Eviction actual) {
        List<Difference> differences = new ArrayList<>();
        if (reason != null) {
            differences.addAll(Difference.unlessEqual(path + ".reason", reason, actual.reason()));
        }
        if (detail != null) {
            differences.addAll(Difference.unlessEqual(path + ".detail", detail, actual.detail()));
        }
        if (atSeconds != null) {
            differences.addAll(atSeconds.against(path + ".atSeconds", actual.atSeconds()));
        }
        return differences;
    }

    @Override
    public String toString() {
        StringJoiner text = new StringJoiner(", ", "{", "}");
        if (reason != null) {
            text.add("reason: " + reason);
        }
        if (detail != null) {
            text.add("detail: " + detail);
        }
        if (atSeconds != null) {
            text.add("atSeconds: " + ExpectedTime.plain(atSeconds.seconds()));
        }
        return text.toString();
    }
}
