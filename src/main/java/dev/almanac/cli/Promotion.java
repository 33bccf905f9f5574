package dev.almanac.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.almanac.UserError;
import dev.almanac.knowledge.KnowledgeEditor;
import dev.almanac.knowledge.KnowledgeSet;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Writes a new knowledge item into the project's files and imports it; when it does not validate, nothing changes. */
final class Promotion {
    static final ObjectMapper JSON = new ObjectMapper();

    private Promotion() {}

    static Path write(Workspace ws, KnowledgeSet.Kind kind, String name, ObjectNode doc, PrintWriter err) {
        KnowledgeEditor.Result result = ws.knowledgeEditor().put(kind, name, doc);
        ws.reloadKnowledge();
        if (!result.ok()) {
            result.problems().forEach(err::println);
            err.flush();
            throw new UserError("the promoted item did not validate; nothing changed");
        }
        return ws.requireProject().knowledgeDir().resolve(result.file());
    }
}
