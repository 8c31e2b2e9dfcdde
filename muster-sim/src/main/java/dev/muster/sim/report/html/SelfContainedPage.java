package dev.muster.sim.report.html;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * What every page Muster writes shares ({@code muster simulate --html}, {@code muster compare --html}):
 * a template of this package with the report's style sheet, and at {@code {{scripts}}} Apache ECharts
 * (the WebJar {@code org.webjars.npm:echarts}) inlined, the page's data as JSON in
 * {@code <script id="muster-data">}, what the pages' scripts share ({@code page.js}: the data read,
 * the chart registry, the formatters), and the page's own script that draws from it. Nothing is
 * fetched when the page opens: it works from disk, without a server or the network.
 */
public final class SelfContainedPage {

    private static final String ECHARTS = "/META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js";
    private static final String HERE = "/dev/muster/sim/report/html/";
    static final ObjectMapper JSON = JsonMapper.builder().build();

    private SelfContainedPage() {
    }

    /**
     * @param template a resource of this package ({@code report.html}) holding {@code {{style}}},
     *                 {@code {{scripts}}} and the keys of {@code html}
     * @param html     placeholder (without braces) → HTML already escaped
     * @param data     turned into JSON for the script
     * @param script   the page's script, a resource of this package
     */
    public static void write(String template, Map<String, String> html, Object data, String script, Writer out)
            throws IOException {
        write(SelfContainedPage.class, template, html, data, script, out);
    }

    /**
     * A page of another module, with the same style sheet, library and shared script: its template
     * and script are resources beside {@code owner} (in its package), named as above.
     */
    public static void write(Class<?> owner, String template, Map<String, String> html, Object data, String script,
            Writer out) throws IOException {
        String here = "/" + owner.getPackageName().replace('.', '/') + "/";
        Map<String, String> fills = new HashMap<>(html);
        fills.put("style", resource(HERE + "report.css"));
        String page = fill(resource(here + template), fills);
        // Scripts last, and not through fill(): their text may hold anything, "{{...}}" included.
        int at = page.indexOf("{{scripts}}");
        out.write(page, 0, at);
        out.write("<script>");
        out.write(scriptSafe(resource(ECHARTS)));
        out.write("</script>\n<script type=\"application/json\" id=\"muster-data\">");
        out.write(scriptSafe(JSON.writeValueAsString(data)));
        out.write("</script>\n<script>");
        out.write(scriptSafe(resource(HERE + "page.js")));
        out.write("</script>\n<script>");
        out.write(scriptSafe(resource(here + script)));
        out.write("</script>");
        out.write(page, at + "{{scripts}}".length(), page.length() - at - "{{scripts}}".length());
        out.flush();
    }

    /**
     * The template with each {@code {{key}}} of {@code fills} replaced in one pass over the template:
     * a value that holds "{{summary}}" (a title, say) stays as written. Unknown keys stay.
     */
    static String fill(String template, Map<String, String> fills) {
        StringBuilder b = new StringBuilder(template.length() * 2);
        int from = 0;
        while (true) {
            int open = template.indexOf("{{", from);
            int close = open < 0 ? -1 : template.indexOf("}}", open + 2);
            if (close < 0) {
                return b.append(template, from, template.length()).toString();
            }
            String value = fills.get(template.substring(open + 2, close));
            b.append(template, from, open).append(value != null ? value : template.substring(open, close + 2));
            from = close + 2;
        }
    }

    /** Text for HTML: the five characters that could end or open markup are written as references. */
    public static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Text put inside a {@code <script>} element must not end it early: "</" is written "<\/",
     * which JavaScript and JSON read as the same string (in JSON inside a string; the inlined
     * library has "</" only in strings and regular expressions, where "<\/" means the same too).
     */
    static String scriptSafe(String s) {
        return s.replace("</", "<\\/").replace("<!--", "<\\!--");
    }

    private static String resource(String path) {
        // Absolute names, so that any module's resources are found, whichever class asks.
        try (InputStream in = SelfContainedPage.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path + " (the build should have packaged it)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
