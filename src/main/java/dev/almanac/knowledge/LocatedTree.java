package dev.almanac.knowledge;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * A YAML or JSON document read into a tree that remembers the line of every value, addressed by a
 * path such as {@code /golden/3/expected_sql}, so that problems can be reported as file:line.
 */
public record LocatedTree(JsonNode root, Map<String, Integer> lines) {
    private static final YAMLFactory YAML = new YAMLFactory();
    private static final JsonFactory JSON = new JsonFactory();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A syntax error with its position (1-based). */
    public static final class SyntaxError extends Exception {
        public final int line;
        public final int column;

        SyntaxError(String message, int line, int column) {
            super(message);
            this.line = line;
            this.column = column;
        }
    }

    public static LocatedTree parse(String text, boolean json) throws SyntaxError {
        if (!json) {
            String problem = InterchangeText.yamlProblem(text);
            if (problem != null) throw new SyntaxError(problem, 1, 1);
        }
        try (JsonParser p = (json ? JSON : YAML).createParser(text)) {
            Map<String, Integer> lines = new HashMap<>();
            JsonToken first = p.nextToken();
            if (first == null) return new LocatedTree(NODES.nullNode(), lines);
            return new LocatedTree(read(p, "", lines), lines);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            String message = e.getOriginalMessage().lines().findFirst().orElse("syntax error").strip();
            throw new SyntaxError(message, loc == null ? 1 : Math.max(1, loc.getLineNr()), loc == null ? 1 : Math.max(1, loc.getColumnNr()));
        } catch (IOException e) {
            throw new SyntaxError(e.getMessage(), 1, 1);
        }
    }

    /** The line of the value at a path, else of its nearest parent that has one. */
    public int line(String path) {
        String p = path;
        while (true) {
            Integer line = lines.get(p);
            if (line != null) return line;
            if (p.isEmpty()) return 1;
            p = p.substring(0, p.lastIndexOf('/'));
        }
    }

    private static JsonNode read(JsonParser p, String path, Map<String, Integer> lines) throws IOException {
        lines.put(path, p.currentTokenLocation().getLineNr());
        JsonToken token = p.currentToken();
        switch (token) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                while (p.nextToken() != JsonToken.END_OBJECT) {
                    String name = p.currentName();
                    p.nextToken();
                    object.set(name, read(p, path + "/" + name, lines));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                int i = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) array.add(read(p, path + "/" + i++, lines));
                return array;
            }
            case VALUE_STRING -> {
                return NODES.textNode(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return NODES.numberNode(p.getLongValue());
            }
            case VALUE_NUMBER_FLOAT -> {
                return NODES.numberNode(p.getDecimalValue());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return NODES.booleanNode(token == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                return NODES.nullNode();
            }
            default -> {
                return NODES.textNode(p.getText());
            }
        }
    }
}
