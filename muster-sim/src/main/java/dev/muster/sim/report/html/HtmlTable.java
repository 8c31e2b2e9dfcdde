package dev.muster.sim.report.html;

import java.util.List;

/** A table of Muster's pages (the what-if pages, backfill-study's): header cells, then rows of text, each cell escaped. */
public final class HtmlTable {

    private final StringBuilder b = new StringBuilder();

    public HtmlTable(String id, List<String> headings) {
        b.append("<table class=\"data\" id=\"").append(id).append("\"><thead><tr>");
        headings.forEach(h -> b.append("<th>").append(SelfContainedPage.escape(h)).append("</th>"));
        b.append("</tr></thead><tbody>");
    }

    /** A row; null cells are shown as {@code -}. */
    public HtmlTable row(String... cells) {
        b.append("<tr>");
        for (String c : cells) {
            b.append("<td>").append(SelfContainedPage.escape(c == null ? "-" : c)).append("</td>");
        }
        b.append("</tr>");
        return this;
    }

    public String html() {
        return b + "</tbody></table>";
    }
}
