package dev.almanac.cli;

import dev.almanac.demo.DemoProject;
import dev.almanac.source.Catalog;
import dev.almanac.source.CatalogCache;
import dev.almanac.source.Source;
import dev.almanac.source.Sources;
import dev.almanac.sql.Guard;
import dev.almanac.sql.QueryExecutor;
import dev.almanac.sql.QueryLimits;
import dev.almanac.knowledge.KnowledgeBase;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.knowledge.KnowledgeValidator;
import dev.almanac.knowledge.MiniLmEmbedder;
import dev.almanac.knowledge.TableSelector;
import dev.almanac.store.AppStore;
import dev.almanac.store.KnowledgeStore;
import dev.almanac.store.Project;
import dev.almanac.store.ProjectFiles;
import dev.almanac.store.ThreadStore;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a command works on: the project (if any) and its data source, resolved once from the global
 * options. The demo project's warehouse is generated on first use; a database given with --db is
 * never created.
 */
final class Workspace implements AutoCloseable {
    private final Project project;
    /** What the source is opened from, when first needed (a command that reads only knowledge never opens it). */
    private final String sourceSpec;
    private Source source;
    private final Path cacheDir;
    private Guard guard;
    private AppStore appStore;
    private Catalog catalog;
    private KnowledgeSet knowledge;
    private boolean keepLastGood;
    private java.util.List<dev.almanac.knowledge.Problem> knowledgeProblems = java.util.List.of();
    private TableSelector selector;
    private dev.almanac.knowledge.KnowledgeEditor editor;
    /** The SQL that ran clean on each database file as it was: one memo for the process, whose workspaces share the files. */
    private static final KnowledgeValidator.RanClean RAN_CLEAN = new KnowledgeValidator.RanClean();
    private KnowledgeSet selectorFor;
    private dev.almanac.agent.VerifiedAnswerer verified;
    private KnowledgeSet verifiedFor;
    private java.time.LocalDate verifiedDay;
    private dev.almanac.semantic.SemanticLayer semantic;
    private KnowledgeSet semanticFor;

    /** The --now option, if given; else the configured setting, read when the clock is first needed. */
    private final String now;
    private java.time.Clock clock;

    private Workspace(Project project, String sourceSpec, Path cacheDir, String now) {
        this.project = project;
        this.sourceSpec = sourceSpec;
        this.cacheDir = cacheDir;
        this.now = now;
    }

    static Workspace open(GlobalOptions options, PrintStream progress) {
        if (options.db != null) {
            if (options.db.isBlank()) throw new dev.almanac.UserError("no database given");
            Project project = options.project == null ? null : ProjectFiles.read(options.project);
            return new Workspace(project, options.db, home().resolve("cache"), options.now);
        }
        Project project = resolveProject(options.project);
        DemoProject.ensure(project, progress);
        dev.almanac.knowledge.KnowledgeEditor.removeLeftovers(project);
        dev.almanac.Timing.phase("project");
        return new Workspace(project, project.sourceSpec(), project.cacheDir(), options.now);
    }

    /** --project, else $ALMANAC_PROJECT, else the current folder if it is a project, else the demo project in the home folder. */
    static Project resolveProject(Path explicit) {
        if (explicit != null) return ProjectFiles.read(explicit);
        String env = System.getenv("ALMANAC_PROJECT");
        if (env != null && !env.isBlank()) return ProjectFiles.read(Path.of(env));
        Path cwd = Path.of("").toAbsolutePath();
        if (ProjectFiles.isProject(cwd)) return ProjectFiles.read(cwd);
        Path demo = home().resolve("demo");
        if (!ProjectFiles.isProject(demo)) {
            try {
                ProjectFiles.writeDemo(demo);
            } catch (java.io.IOException e) {
                throw new dev.almanac.AlmanacException("cannot create the demo project in " + demo + ": " + e.getMessage(), e);
            }
        }
        return ProjectFiles.read(demo);
    }

    /** Almanac's own folder: -Dalmanac.home, else $ALMANAC_HOME, else ~/.almanac. */
    static Path home() {
        String prop = System.getProperty("almanac.home");
        if (prop != null && !prop.isBlank()) return Path.of(prop);
        String env = System.getenv("ALMANAC_HOME");
        if (env != null && !env.isBlank()) return Path.of(env);
        return Path.of(System.getProperty("user.home"), ".almanac");
    }

    /** The process's one clock (dev.almanac.ClockSetting): --now, else $ALMANAC_NOW or now: in config.yml, else the machine's. */
    synchronized java.time.Clock clock() {
        if (clock == null) clock = dev.almanac.ClockSetting.of(now != null ? now : config().get("now"));
        return clock;
    }

    /** Today by this workspace's clock: what relative periods ("last month") resolve against. */
    java.time.LocalDate today() {
        return java.time.LocalDate.now(clock());
    }

    Optional<Project> project() {
        return Optional.ofNullable(project);
    }

    /** Guards the source, its catalog and the guard, apart from the rest, so that they can be prepared in the background. */
    private final Object sourceLock = new Object();

    /** The data source, opened on first use. */
    Source source() {
        synchronized (sourceLock) {
            if (source == null) {
                source = Sources.open(sourceSpec, dev.almanac.source.EngineLimits.from(config()));
                dev.almanac.Timing.phase("source open");
                // an engine that does not enforce read-only connections: say so at start when its user could write
                source.writeAccess().ifPresent(w -> System.err.println("almanac: warning: " + w
                        + "; give Almanac's user read-only access (docs/SAFETY.md, \"Trino\"). The guard still refuses every write."));
            }
            return source;
        }
    }

    /**
     * Opens the source, reads its catalog and starts the guard on another thread, while this one reads the knowledge (a
     * command that will query the data starts sooner on two cores); then the semantic layer, and the question read once so
     * that the parser's classes and patterns are ready (the parser goes back to the layer's pool) when the command reads it
     * itself; last, the answer's JSON writer and its columns' business names (the thread is idle while the answer is worked
     * out). A failure there is met again, and reported, when the command itself asks for these.
     */
    void prepareInBackground(String question, java.time.LocalDate today) {
        Thread t = new Thread(() -> {
            dev.almanac.Timing.begin();
            try {
                catalog();
                guard();
                if (project == null) return;
                dev.almanac.semantic.SemanticLayer layer = semanticLayer();
                if (!layer.model().isEmpty()) layer.withParser(today, parser -> parser.parse(question));
                dev.almanac.agent.Agent.prepareAnswerWriting(knowledge());
                dev.almanac.Timing.phase("question read, answer writer ready");
            } catch (RuntimeException e) {
                // reported when the command asks for these itself
            }
        }, "almanac-source");
        t.setDaemon(true);
        t.start();
    }

    private dev.almanac.knowledge.EmbeddingCache embedder;

    /**
     * Sentence vectors for this workspace: those of earlier runs from the cache file next to the catalog cache, the model
     * (loaded on first need) for texts never seen.
     */
    synchronized dev.almanac.knowledge.Embedder embedder() {
        if (embedder == null) {
            embedder = new dev.almanac.knowledge.EmbeddingCache(cacheDir.resolve("embeddings-" + MiniLmEmbedder.ID + ".bin"), MiniLmEmbedder.get());
            dev.almanac.Timing.phase("embedding cache");
        }
        return embedder;
    }

    /** The source's catalog, read once per workspace (from the cache while the database file is unchanged). */
    Catalog catalog() {
        synchronized (sourceLock) {
            if (catalog == null) {
                catalog = new CatalogCache(cacheDir).get(source());
                dev.almanac.Timing.phase("catalog");
            }
            return catalog;
        }
    }

    /** The app store: the project's (PostgreSQL when configured, else data/almanac.db), or Almanac's own folder when there is no project. */
    synchronized AppStore appStore() {
        if (appStore == null) {
            appStore = (project != null ? AppStore.at(project.appStoreUrl(System.getenv())) : AppStore.sqlite(home().resolve("almanac.db"))).clock(clock());
            dev.almanac.Timing.phase("app store");
        }
        return appStore;
    }

    KnowledgeBase knowledgeBase() {
        return new KnowledgeBase(new KnowledgeStore(appStore()));
    }

    /** The one editor of this workspace's knowledge files, so that edits are serialised. */
    synchronized dev.almanac.knowledge.KnowledgeEditor knowledgeEditor() {
        if (editor == null) editor = new dev.almanac.knowledge.KnowledgeEditor(requireProject(), knowledgeBase(), this::validator);
        return editor;
    }

    KnowledgeValidator validator() {
        return new KnowledgeValidator(catalog(), executor(limits()), java.util.List.of(new dev.almanac.semantic.SemanticValidator()),
                RAN_CLEAN.of(source().id(), source().fingerprint()));
    }

    /**
     * The project's knowledge, imported from its files first when they changed; empty without a project. Broken
     * files are refused (a user error), unless this workspace serves: then the last good knowledge is kept.
     */
    synchronized KnowledgeSet knowledge() {
        if (knowledge != null) return knowledge;
        if (project == null) {
            knowledge = draftedKnowledge();
        } else if (keepLastGood) {
            KnowledgeBase.Served served = knowledgeBase().currentOrLastGood(project, this::validator);
            knowledge = served.knowledge();
            knowledgeProblems = served.problems();
        } else {
            knowledge = knowledgeBase().current(project, this::validator);
        }
        dev.almanac.Timing.phase("knowledge");
        return knowledge;
    }

    /**
     * For a database given with --db and no project: the model {@code almanac init} would draft for it (kept in the cache
     * folder per file and state, so drafted once), so that its questions are answered from a semantic model from the first
     * command. Only for database files: a server's database would be profiled on every command; `almanac init` drafts it once.
     */
    private KnowledgeSet draftedKnowledge() {
        Source s = source();
        String fingerprint = s.fingerprint().orElse("");
        if (fingerprint.isEmpty()) return KnowledgeSet.EMPTY;
        Path folder = cacheDir.resolve("drafted-" + Integer.toHexString((s.id() + "\n" + fingerprint + "\n" + DRAFT_VERSION).hashCode()));
        try {
            if (!java.nio.file.Files.isDirectory(folder)) {
                Catalog structure = new dev.almanac.source.CatalogIntrospector().structure(s);
                QueryExecutor executor = executor(limits());
                dev.almanac.semantic.ModelDrafter.Outcome outcome = new dev.almanac.semantic.ModelDrafter(executor,
                        new dev.almanac.semantic.ModelDrafter.Settings(1000, java.time.Duration.ofSeconds(20)), dev.almanac.semantic.ModelDrafter.Existing.NONE, null)
                        .draft(structure);
                java.nio.file.Files.createDirectories(cacheDir);
                Path staging = java.nio.file.Files.createTempDirectory(cacheDir, "drafting-");
                InitCommand.writeKnowledge(staging, staging.resolve("knowledge"), outcome, structure, executor);
                java.nio.file.Files.move(staging.resolve("knowledge"), folder, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                java.nio.file.Files.deleteIfExists(staging);
                dev.almanac.Timing.phase("drafted model");
            }
            dev.almanac.knowledge.KnowledgeFiles.Read read = dev.almanac.knowledge.KnowledgeFiles.read(folder);
            return read.problems().isEmpty() ? read.knowledge() : KnowledgeSet.EMPTY;
        } catch (java.io.IOException | RuntimeException e) {
            return KnowledgeSet.EMPTY; // without a drafted model the database is still asked as before: SQL, schema, the model if any
        }
    }

    /** Changes when the drafting changes, so that a cached draft of an older version is drafted again. */
    private static final String DRAFT_VERSION = "2";

    /**
     * For a server: knowledge files that break (a hand edit with a mistake, a failed import) do not take the
     * service down; it keeps the last good knowledge and reports the files' problems ({@link #knowledgeProblems}).
     */
    synchronized void keepLastGoodKnowledge() {
        keepLastGood = true;
    }

    /** The problems of the knowledge files that kept them from being imported (file:line); empty when all is well. */
    synchronized java.util.List<dev.almanac.knowledge.Problem> knowledgeProblems() {
        knowledge();
        return knowledgeProblems;
    }

    /** Forgets the loaded knowledge, so that the next use reads (and, when the files changed, imports) it again. */
    synchronized void reloadKnowledge() {
        knowledge = null; // what was built from it (selector, verified answerer, semantic layer) is built again for the next
    }

    /**
     * Takes the knowledge as the app store now holds it, without importing this project's files first: another server
     * or command changed it, and when servers keep separate copies of the folder, importing this copy would undo that.
     */
    synchronized void reloadKnowledgeFromStore() {
        reloadKnowledge();
        if (project != null) {
            knowledge = knowledgeBase().load(project);
            // the problems of this folder as it is now: gone when another process imported these very files (fixed)
            if (keepLastGood) {
                knowledgeProblems = knowledgeBase().importedAsIs(project) ? java.util.List.of() : knowledgeBase().problemsOf(project, this::validator);
            }
        }
    }

    /**
     * The semantic layer of the loaded knowledge: its model, and the value index of its categorical
     * dimensions (cached per database state and model, so it is refreshed with the catalog).
     */
    dev.almanac.semantic.SemanticLayer semanticLayer() {
        KnowledgeSet k = knowledge();
        synchronized (semanticLock) {
            return semanticLayer(k);
        }
    }

    /** Guards the semantic layer apart from the rest (taken after, never while holding, the workspace's own lock). */
    private final Object semanticLock = new Object();

    private dev.almanac.semantic.SemanticLayer semanticLayer(KnowledgeSet k) {
        if (semantic == null || semanticFor != k) {
            dev.almanac.semantic.SemanticModel model = dev.almanac.semantic.SemanticModel.of(k.semantic(), source().dialect());
            String digest = k.semanticText();
            int limit = config().getInt("value_index_limit", dev.almanac.semantic.ValueIndex.DEFAULT_LIMIT);
            dev.almanac.semantic.ValueIndex values = model.isEmpty() ? dev.almanac.semantic.ValueIndex.EMPTY
                    : dev.almanac.semantic.ValueIndex.cached(cacheDir, source().id(), source().fingerprint().orElse(""), model, digest, executor(limits()), limit);
            semantic = new dev.almanac.semantic.SemanticLayer(model, k, values, executor(limits()), project == null ? java.util.List.of() : project.company(),
                    dev.almanac.quality.FiscalYear.of(project));
            if (!model.isEmpty() && cacheDir != null) {
                semantic.keepingReaches(dev.almanac.semantic.JoinReachCache.in(cacheDir, digest, source().dialect().name()));
                dev.almanac.semantic.PhraseCache.forBuild(cacheDir, digest, source().dialect().name()).ifPresent(semantic::keepingPhrases);
            }
            semanticFor = k;
            dev.almanac.Timing.phase("semantic layer");
        }
        return semantic;
    }

    /** The tables a statement reads, as the guard sees them; empty when the guard rejects it. */
    java.util.Set<String> tablesOf(String sql) {
        return guard().tablesOf(sql);
    }

    synchronized TableSelector tableSelector(KnowledgeSet knowledge) {
        if (selector == null || selectorFor != knowledge) {
            selector = new TableSelector(catalog(), knowledge, this::tablesOf, embedder(), TableSelector.Config.DEFAULT);
            selectorFor = knowledge;
            dev.almanac.Timing.phase("table selector");
        }
        return selector;
    }

    /** Settings from the environment and Almanac's config file. */
    static dev.almanac.AlmanacConfig config() {
        return dev.almanac.AlmanacConfig.load(home().resolve("config.yml"), System.getenv());
    }

    /**
     * The name runs and the web app show for the model: the spec given, else the configured one, else the provider whose key
     * is set, else "none" (verified answers and the semantic layer only).
     */
    static String modelName(String llmSpec) {
        return dev.almanac.llm.Models.spec(llmSpec, config());
    }

    /** The agent for this workspace, with the model named by spec (or the default one); its threads are the command line's. */
    dev.almanac.agent.Agent agent(String llmSpec, java.time.LocalDate today, java.util.function.Consumer<dev.almanac.agent.AgentEvent> events) {
        return agent(llmSpec, today, events, ThreadStore.Origin.cli);
    }

    /**
     * The agent; with {@code conversations} false its questions are not kept as threads (an eval run
     * asks dozens of golden questions that are nobody's conversation).
     */
    dev.almanac.agent.Agent agent(String llmSpec, java.time.LocalDate today, java.util.function.Consumer<dev.almanac.agent.AgentEvent> events,
                                  boolean conversations) {
        return agent(llmSpec, today, events, conversations ? ThreadStore.Origin.cli : null);
    }

    /** The agent whose threads are tagged with where they were started ({@code origin}); with none, it keeps no threads. */
    dev.almanac.agent.Agent agent(String llmSpec, java.time.LocalDate today, java.util.function.Consumer<dev.almanac.agent.AgentEvent> events,
                                  ThreadStore.Origin origin) {
        dev.almanac.AlmanacConfig config = config();
        return agent(llmSpec, today, events, origin, config, dev.almanac.agent.AgentSettings.from(config));
    }

    /** The agent with these bounds in place of the configured ones (benchmarks compare settings in one process). */
    dev.almanac.agent.Agent agent(String llmSpec, java.time.LocalDate today, java.util.function.Consumer<dev.almanac.agent.AgentEvent> events,
                                  ThreadStore.Origin origin, dev.almanac.AlmanacConfig config, dev.almanac.agent.AgentSettings settings) {
        dev.almanac.llm.LanguageModel model = dev.almanac.llm.Models.create(llmSpec, config, Path.of("")).orElse(null);
        KnowledgeSet knowledge = knowledge();
        // the sentence vectors first: they need nothing of the source, which another thread may still be opening
        embedder();
        return new dev.almanac.agent.Agent(new dev.almanac.agent.Agent.Context(project, catalog(), knowledge, executor(limits()),
                tableSelector(knowledge), embedder(), project == null ? null : new dev.almanac.store.LearningStore(appStore()),
                project == null || origin == null ? null : new ThreadStore(appStore(), origin), model, settings, today, events,
                project == null ? null : project.dir().resolve("data").resolve("logs").resolve("agent.jsonl"), verifiedAnswerer(knowledge, today),
                project == null && knowledge.semantic().isEmpty() ? null : semanticLayer()));
    }

    /** The data tools an MCP client calls directly, over the loaded knowledge (its semantic layer when there is a project). */
    dev.almanac.agent.DataTools dataTools() {
        KnowledgeSet k = knowledge();
        return new dev.almanac.agent.DataTools(k, project == null && k.semantic().isEmpty() ? null : semanticLayer(), executor(limits()), catalog(),
                project == null ? null : new dev.almanac.store.LearningStore(appStore()), project);
    }

    /** The verified answerer for the loaded knowledge and day, built once and shared by the agents of this workspace. */
    synchronized dev.almanac.agent.VerifiedAnswerer verifiedAnswerer(KnowledgeSet knowledge, java.time.LocalDate today) {
        if (verified == null || verifiedFor != knowledge || !today.equals(verifiedDay)) {
            verified = new dev.almanac.agent.VerifiedAnswerer(knowledge, embedder(), executor(limits()), catalog(), today,
                    dev.almanac.quality.FiscalYear.of(project));
            verifiedFor = knowledge;
            verifiedDay = today;
            dev.almanac.Timing.phase("verified answerer");
        }
        return verified;
    }

    Project requireProject() {
        if (project == null) throw new dev.almanac.UserError("this command needs a project (--project DIR, or run it in a folder with almanac.yml)");
        return project;
    }

    private java.time.Duration timeout;

    /** Every query of this command runs at most this long (--timeout), in place of the project's query_timeout. */
    synchronized void queryTimeout(Integer seconds) {
        if (seconds == null) return;
        if (seconds < 1 || seconds > 3600) throw new dev.almanac.UserError("--timeout must be from 1 to 3600 seconds, not " + seconds);
        timeout = java.time.Duration.ofSeconds(seconds);
    }

    /** The limits of this command's queries: --timeout, else the project's query_timeout, else 30 s; the default row cap and byte budgets. */
    synchronized QueryLimits limits() {
        java.time.Duration t = timeout != null ? timeout : project != null && project.queryTimeout() != null ? project.queryTimeout() : null;
        return t == null ? QueryLimits.DEFAULT : QueryLimits.DEFAULT.withTimeout(t);
    }

    QueryExecutor executor(QueryLimits limits) {
        return new QueryExecutor(source(), guard(), limits);
    }

    /** The guard of the source's dialect, made once. */
    private Guard guard() {
        synchronized (sourceLock) {
            if (guard == null) {
                guard = new Guard(source().dialect());
                // the tables of the knowledge's statements, read in earlier runs of this build
                if (cacheDir != null) dev.almanac.Build.jar().ifPresent(build -> guard.keepingTablesRead(
                        dev.almanac.sql.TablesReadCache.in(cacheDir, source().dialect(), build)));
                dev.almanac.Timing.phase("guard");
            }
            return guard;
        }
    }

    @Override
    public void close() {
        if (appStore != null) appStore.close();
        synchronized (sourceLock) {
            if (guard != null) guard.close();
            if (source != null) source.close();
        }
    }
}
