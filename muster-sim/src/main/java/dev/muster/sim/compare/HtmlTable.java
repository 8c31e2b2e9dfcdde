package dev.muster.sim.compare;

import dev.muster.sim.report.html.SelfContainedPage;
import java.util.List;

/** A table of the what-if pages: header cells, then rows of text, each cell escaped. */
final class HtmlTable {

    private final StringBuilder b = new StringBuilder();

    HtmlTable(String id, List<String> headings) {
        b.append("<table class=\"data\" id=\"").append(id).append("\"><thead><tr>");
        headings.forEach(h -> b.append("<th>").append(SelfContainedPage.escape(h)).append("</th>"));
        b.append("</tr></thead><tbody>");
    }

    /** A row; null cells are shown as {@code -}. */
    HtmlTable row(String... cells) {
        b.append("<tr>");
        for (String c : cells) {
            b.append("<td>").append(SelfContainedPage.escape(c == null ? "-" : c)).append("</td>");
        }
        b.append("</tr>");
        return this;
    }

    String html() {
        return b + "</tbody></table>";
    }
}
