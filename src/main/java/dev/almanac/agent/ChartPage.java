package dev.almanac.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.almanac.AlmanacException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** A self-contained HTML page for a Vega-Lite spec: the libraries are inlined from the jar, so it works offline. */
public final class ChartPage {
    static final String[] SCRIPTS = {
            "/META-INF/resources/webjars/vega/5.32.0/vega.min.js",
            "/META-INF/resources/webjars/vega-lite/5.23.0/vega-lite.min.js",
            "/META-INF/resources/webjars/vega-embed/6.29.0/vega-embed.min.js"};

    private ChartPage() {}

    public static String html(Object spec, String title) {
        StringBuilder page = new StringBuilder("<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>")
                .append(escape(title)).append("</title>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<style>body{font-family:system-ui,sans-serif;margin:2rem}#chart{width:100%}</style>\n");
        for (String script : SCRIPTS) page.append("<script>").append(resource(script).replace("</script", "<\\/script")).append("</script>\n");
        String json;
        try {
            json = new ObjectMapper().writeValueAsString(spec);
        } catch (JsonProcessingException e) {
            throw new AlmanacException("cannot write the chart spec: " + e.getMessage(), e);
        }
        page.append("</head><body><h1>").append(escape(title)).append("</h1><div id=\"chart\"></div>\n<script>vegaEmbed('#chart', ")
                .append(json.replace("</", "<\\/")).append(", {actions: false});</script>\n</body></html>\n");
        return page.toString();
    }

    private static String resource(String path) {
        try (InputStream in = ChartPage.class.getResourceAsStream(path)) {
            if (in == null) throw new AlmanacException("chart library missing from the jar: " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AlmanacException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    private static String escape(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
