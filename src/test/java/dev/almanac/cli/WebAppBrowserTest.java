package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.almanac.server.ApiServer;
import dev.almanac.server.ServerContext;
import dev.almanac.testing.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web app in a real headless Chromium against a real server (the model scripted): ask and see
 * the answer, chart, table, SQL and confidence; answer a clarification with its buttons; promote the
 * learning the agent saved; edit a metric; start eval runs and see them finish and diff; a phone-width
 * layout; the data-quality panel only when it is on; a viewer sees no curation controls; an answer from
 * the semantic model with its chart (a line per month, bars for a breakdown), labels and formatted values. Screenshots
 * go to target/screenshots/.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebAppBrowserTest {
    /** The failed requests the current test makes on purpose (Chromium.provoked); any other is an error. */
    static final List<java.util.regex.Pattern> provoked = new java.util.ArrayList<>();


    @TempDir
    static Path home;
    static ApiFixture api;
    static ChromeDriver browser;
    static WebDriverWait wait;

    @BeforeAll
    static void start() throws Exception {
        assumeFalse(Chromium.skipped(), "browser tests skipped with -Dalmanac.browser=skip");
        String script = "script:" + Path.of("src/test/resources/web/shipments.yml").toAbsolutePath();
        api = new ApiFixture(home, "web-project", script, new ServerContext.Settings(0, 64 * 1024, 100, true, "scripted"));
        browser = Chromium.start(1366, 900);
        wait = new WebDriverWait(browser, Duration.ofSeconds(30), Chromium.POLL);
        browser.get(api.url("/"));
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token")));
        shot("00-sign-in");
        signIn(api.url("/"), api.editor);
    }

    @AfterAll
    static void stop() {
        if (browser != null) browser.quit();
        if (api != null) api.close();
    }

    static void signIn(String url, String token) {
        Chromium.signIn(browser, wait, url, token);
    }

    @AfterEach
    void no_script_errors() {
        if (browser == null) return;
        try {
            assertThat(Chromium.consoleErrors(browser, provoked)).as("errors in the browser console").isEmpty();
        } finally {
            provoked.clear();
        }
    }

    static void shot(String name) throws Exception {
        Chromium.screenshot(browser, name);
    }

    static void askInBrowser(String question) {
        WebElement box = wait.until(ExpectedConditions.elementToBeClickable(By.id("question")));
        box.clear();
        box.sendKeys(question);
        browser.findElement(By.id("ask-button")).click();
    }

    /** Clicks a download link and waits for its CSV file in an emptied downloads folder. */
    static Path download(WebElement link) throws Exception {
        Files.createDirectories(Chromium.DOWNLOADS);
        try (var old = Files.list(Chromium.DOWNLOADS)) {
            for (Path f : old.toList()) Files.delete(f);
        }
        link.click();
        // the file is there once Chromium has written it whole: not empty, and no partial download left
        return new WebDriverWait(browser, Duration.ofSeconds(30), Chromium.POLL).until(d -> {
            try (var files = Files.list(Chromium.DOWNLOADS)) {
                List<Path> all = files.toList();
                if (all.stream().anyMatch(f -> f.toString().endsWith(".crdownload"))) return null;
                for (Path f : all) if (f.toString().endsWith(".csv") && Files.size(f) > 0) return f;
                return null;
            } catch (java.io.IOException e) {
                return null;
            }
        });
    }

    static List<WebElement> answers() {
        return browser.findElements(By.cssSelector("#turns .answer"));
    }

    @Test
    @Order(1)
    void a_question_shows_its_answer_chart_table_sql_steps_and_confidence() throws Exception {
        browser.get(api.url("/#/ask"));
        askInBrowser("Chart shipments per carrier");
        WebElement answer = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer[data-kind=chart]")));
        assertThat(answer.findElement(By.cssSelector(".text")).getText()).isEqualTo("Shipments per carrier");
        assertThat(answer.findElement(By.cssSelector(".badge.medium")).getText()).isEqualTo("Refined answer");
        assertThat(answer.findElements(By.cssSelector(".badge.verified"))).isEmpty();
        wait.until(d -> !answer.findElements(By.cssSelector(".chart svg .mark-rect path")).isEmpty());
        assertThat(answer.findElements(By.cssSelector(".chart svg .mark-rect path"))).hasSize(4);

        List<WebElement> rows = answer.findElements(By.cssSelector("table.data tbody tr"));
        assertThat(rows).hasSize(4);
        assertThat(answer.findElements(By.cssSelector("table.data th")).stream().map(WebElement::getText)).containsExactly("Carrier", "Shipments");
        long total = rows.stream().mapToLong(r -> Long.parseLong(r.findElements(By.tagName("td")).get(1).getText().replace(",", ""))).sum();
        long inDb = ((Number) api.ws.executor(dev.almanac.sql.QueryLimits.DEFAULT).execute("SELECT count(*) FROM shipments").rows().get(0).get(0)).longValue();
        assertThat(total).as("the table shows the database's numbers").isEqualTo(inDb);

        List<String> lines = Files.readAllLines(download(answer.findElement(By.cssSelector("a.csv"))));
        assertThat(lines.get(0)).isEqualTo("carrier,shipments");
        assertThat(lines).hasSize(5);
        assertThat(lines.subList(1, 5).stream().mapToLong(l -> Long.parseLong(l.split(",")[1])).sum()).isEqualTo(inDb);
        // JSON.stringify keeps the CRLFs visible (the WebDriver wire would normalise them)
        assertThat(browser.executeScript("return JSON.stringify(csvOf({columns: ['note', 'n'], rows: [['say \"hi\", then go', 1], [null, 2.5]]}))"))
                .as("fields with commas and quotes are quoted, lines end in CRLF")
                .isEqualTo("\"note,n\\r\\n\\\"say \\\"\\\"hi\\\"\\\", then go\\\",1\\r\\n,2.5\\r\\n\"");
        assertThat(browser.executeScript("return JSON.stringify(csvOf({columns: ['=h', 'n'], rows: [['=1+2', -12.5], ['-x', -3], ['@a', 0], ['\\t+1', 1]]}))"))
                .as("text cells a spreadsheet would run get a leading quote; negative numbers stay numbers")
                .isEqualTo("\"'=h,n\\r\\n'=1+2,-12.5\\r\\n'-x,-3\\r\\n'@a,0\\r\\n'\\t+1,1\\r\\n\"");

        WebElement sql = answer.findElement(By.cssSelector("details.sql"));
        assertThat(sql.findElement(By.tagName("pre")).isDisplayed()).isFalse();
        sql.findElement(By.tagName("summary")).click();
        assertThat(sql.findElement(By.tagName("pre")).getText()).contains("FROM shipments", "ORDER BY shipments DESC");
        answer.findElement(By.cssSelector("details.provenance summary")).click();
        assertThat(answer.findElement(By.cssSelector("details.provenance dl")).getText()).contains("Tables", "shipments");
        assertThat(answer.findElement(By.cssSelector(".explanation")).getText()).startsWith("How this was computed:");

        WebElement steps = browser.findElement(By.cssSelector("#turns .turn .steps-log"));
        assertThat(steps.findElement(By.tagName("summary")).getText()).matches("Steps \\(\\d+\\)");
        steps.findElement(By.tagName("summary")).click();
        assertThat(steps.getText()).contains("Looking at tables", "Running SQL", "Checking the answer");
        assertThat(browser.getCurrentUrl()).contains("#/ask/");
        assertThat(browser.findElements(By.cssSelector("#threads li a"))).isNotEmpty();
        shot("01-answer-laptop");
    }

    @Test
    @Order(2)
    void a_clarification_is_answered_with_its_buttons_and_the_dq_panel_shows_coverage() throws Exception {
        browser.get(api.url("/#/ask")); // from wherever the last test left the browser
        wait.until(ExpectedConditions.elementToBeClickable(By.id("new-thread"))).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("chat-empty")));
        askInBrowser("What was MRR?");
        WebElement clarification = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer[data-kind=clarification]")));
        List<WebElement> options = clarification.findElements(By.cssSelector("button.option"));
        // periods that hold MRR (the data ends in September 2026): in words while they do, else named ("September 2026")
        List<String> labels = options.stream().map(WebElement::getText).toList();
        assertThat(labels).contains("last year").hasSizeBetween(3, 4);
        assertThat(clarification.findElements(By.cssSelector(".badge"))).as("no confidence badge on a question back").isEmpty();
        shot("02-clarification");
        options.get(labels.indexOf("last year")).click();
        wait.until(d -> answers().size() == 2);
        WebElement answer = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .turn:nth-child(2) .answer[data-kind=result]")));
        assertThat(browser.findElement(By.cssSelector("#turns .turn:nth-child(2) .question")).getText()).isEqualTo("last year");
        assertThat(answer.findElement(By.cssSelector(".badge.verified")).getText()).contains("Verified");
        assertThat(answer.findElements(By.cssSelector(".badge.medium, .badge.low"))).as("high confidence shows no badge").isEmpty();
        assertThat(answer.findElement(By.cssSelector(".text")).getText()).contains("MRR", "2025");
        WebElement dq = browser.findElement(By.id("dq-panel"));
        assertThat(dq.isDisplayed()).isTrue();
        assertThat(dq.findElement(By.cssSelector(".dq-status")).getText()).isEqualTo("OK");
        shot("03-clarified-with-dq-panel");

        String thread = browser.getCurrentUrl().replaceAll(".*#/ask/", "");
        browser.get(api.url("/#/knowledge"));
        browser.get(api.url("/#/ask/" + thread));
        wait.until(d -> answers().size() == 2);
        assertThat(browser.findElement(By.cssSelector("#turns .turn:nth-child(1) .question")).getText()).isEqualTo("What was MRR?");
    }

    @Test
    @Order(3)
    void a_learning_in_the_review_queue_is_promoted_to_a_rule() throws Exception {
        // its own learning, as the agent keeps one (the first test's answer saves another, which may or may not be there)
        String text = "Carrier names in shipments are written in capitals";
        new dev.almanac.store.LearningStore(api.ws.appStore()).save(api.ws.requireProject(), new dev.almanac.store.LearningRow("L-web-queue",
                text, "naming", List.of("shipments"), "SELECT count(*) FROM shipments WHERE carrier = 'dhl'",
                "SELECT count(*) FROM shipments WHERE carrier = 'DHL'", 0.5, 0, true));
        browser.get(api.url("/#/learnings"));
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("learnings-active"), text));
        WebElement card = browser.findElements(By.cssSelector("#learnings-active .learning")).stream()
                .filter(c -> c.getText().contains(text)).findFirst().orElseThrow();
        shot("04-learnings-queue");
        card.findElement(By.cssSelector("button.promote-rule")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("learnings-done"), text));
        assertThat(browser.findElement(By.id("learnings-active")).getText()).doesNotContain(text);
        try (var files = Files.list(api.project.resolve("knowledge/business"))) {
            List<Path> learned = files.filter(f -> f.getFileName().toString().startsWith("learned_")).toList();
            assertThat(learned).anySatisfy(rule -> assertThat(Files.readString(rule)).contains(text));
        }
        browser.get(api.url("/#/knowledge/rules"));
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("knowledge-list"), "learned_"));
    }

    @Test
    @Order(4)
    void a_metric_is_edited_and_an_invalid_edit_shows_its_problems() throws Exception {
        provoked.add(Chromium.provoked("/api/knowledge/metrics/mrr", 422)); // the invalid edits, refused with their problems
        provoked.add(Chromium.provoked("/api/knowledge/semantic/subscriptions", 422));
        browser.get(api.url("/#/knowledge/metrics/mrr"));
        wait.until(ExpectedConditions.elementToBeClickable(By.id("edit-item")));
        shot("04b-knowledge-metric");
        browser.findElement(By.id("edit-item")).click();
        WebElement label = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("field-label")));
        label.clear();
        label.sendKeys("Monthly recurring revenue (edited)");
        browser.findElement(By.id("save-item")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("knowledge-detail"), "Monthly recurring revenue (edited)"));
        String edited = Files.readString(api.project.resolve("knowledge/metrics/mrr.yml"));
        assertThat(edited).contains("label: Monthly recurring revenue (edited)");
        var was = dev.almanac.knowledge.KnowledgeFiles.read(Path.of("knowledge")).knowledge().metrics().stream().filter(m -> m.name().equals("mrr")).findFirst().orElseThrow();
        var now = dev.almanac.knowledge.KnowledgeFiles.read(api.project.resolve("knowledge")).knowledge().metrics().stream().filter(m -> m.name().equals("mrr")).findFirst().orElseThrow();
        assertThat(now.caveats()).as("lists survive the form").isEqualTo(was.caveats());
        assertThat(now.synonyms()).isEqualTo(was.synonyms());
        assertThat(now.sql().strip()).isEqualTo(was.sql().strip());

        String before = Files.readString(api.project.resolve("knowledge/metrics/mrr.yml"));
        browser.findElement(By.id("edit-item")).click();
        WebElement sql = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("field-sql")));
        sql.clear();
        sql.sendKeys("SELECT sum(mrr_cents) FROM mrr_snapshotz");
        browser.findElement(By.id("save-item")).click();
        WebElement problems = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#item-form .problems li")));
        assertThat(problems.getText()).contains("metrics/mrr.yml:", "mrr_snapshotz");
        assertThat(Files.readString(api.project.resolve("knowledge/metrics/mrr.yml"))).isEqualTo(before);
        shot("05-knowledge-invalid-edit");

        browser.get(api.url("/#/knowledge/rules"));
        wait.until(ExpectedConditions.elementToBeClickable(By.id("knowledge-new"))).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("field-name"))).sendKeys("refunds_are_negative");
        browser.findElement(By.id("field-title")).sendKeys("Refunds reduce revenue");
        browser.findElement(By.id("field-description")).sendKeys("Subtract refunds from payments when computing net revenue.");
        browser.findElement(By.id("field-applies_to_tables")).sendKeys("refunds\npayments");
        browser.findElement(By.id("save-item")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("knowledge-detail"), "Refunds reduce revenue"));
        String rule = Files.readString(api.project.resolve("knowledge/business/refunds_are_negative.yml"));
        assertThat(rule).contains("title: Refunds reduce revenue", "- refunds", "- payments");
        for (String kind : List.of("tables", "metrics", "queries")) {
            browser.get(api.url("/#/knowledge/" + kind));
            wait.until(ExpectedConditions.elementToBeClickable(By.id("knowledge-new"))).click();
            WebElement form = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("item-form")));
            assertThat(form.findElements(By.cssSelector(".field")).size()).as("the %s form", kind).isGreaterThan(3);
        }
        browser.get(api.url("/#/knowledge/metrics"));
        wait.until(ExpectedConditions.elementToBeClickable(By.id("knowledge-new"))).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("field-name"))).sendKeys("plan_count");
        browser.findElement(By.id("field-definition")).sendKeys("How many plans we sell.");
        browser.findElement(By.id("field-sql")).sendKeys("SELECT count(*) AS plans FROM plans");
        browser.findElement(By.id("save-item")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("knowledge-detail"), "How many plans we sell."));
        assertThat(api.project.resolve("knowledge/metrics/plan_count.yml")).exists();

        browser.get(api.url("/#/knowledge/semantic/subscriptions"));
        // the page is drawn in place: wait for this item's detail (the metric's just saved is still shown, Edit button and all)
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("knowledge-detail"), "mrr_snapshots"));
        wait.until(ExpectedConditions.elementToBeClickable(By.id("edit-item")));
        assertThat(browser.findElement(By.id("knowledge-detail")).getText()).contains("datasets", "mrr_snapshots");
        shot("05b-knowledge-semantic");
        String semanticBefore = Files.readString(api.project.resolve("knowledge/semantic/subscriptions.yml"));
        browser.findElement(By.id("edit-item")).click();
        WebElement metrics = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("field-metrics")));
        String text = metrics.getAttribute("value");
        assertThat(text).contains("\"dataset\": \"mrr_snapshots\"");
        browser.executeScript("arguments[0].value = arguments[1]", metrics, text.replaceFirst("\"dataset\": \"mrr_snapshots\"", "\"dataset\": \"mrr_snapshotz\""));
        browser.findElement(By.id("save-item")).click();
        WebElement semanticProblem = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#item-form .problems li")));
        assertThat(semanticProblem.getText()).contains("semantic/subscriptions.yml:", "mrr_snapshotz");
        assertThat(Files.readString(api.project.resolve("knowledge/semantic/subscriptions.yml"))).isEqualTo(semanticBefore);
    }

    @Test
    @Order(5)
    void an_eval_run_is_started_finishes_and_two_runs_are_compared() throws Exception {
        browser.get(api.url("/#/evals"));
        String first = startRun("null_status");
        String second = startRun("null_status");
        assertThat(browser.findElement(By.id("run-summary")).getText()).contains("3 of 3 asked");
        shot("06-eval-run");
        browser.get(api.url("/#/evals"));
        wait.until(d -> d.findElements(By.cssSelector("#diff-base option")).size() >= 2);
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("diff-base"))).selectByValue(first);
        new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("diff-other"))).selectByValue(second);
        browser.findElement(By.cssSelector("#diff-form button")).click();
        WebElement detail = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#eval-detail table.data")));
        assertThat(browser.findElement(By.id("eval-detail")).getText()).contains("Diff " + first + " → " + second, "newly failing", "newly passing");
        assertThat(detail.findElements(By.cssSelector("tbody tr"))).hasSize(3);
        wait.until(d -> !d.findElements(By.cssSelector("#accuracy-chart svg")).isEmpty());
        shot("07-eval-diff");
    }

    private static String startRun(String tag) {
        int before = browser.findElements(By.cssSelector("#runs tbody tr")).size();
        new org.openqa.selenium.support.ui.Select(wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("eval-tag")))).selectByVisibleText(tag);
        String from = browser.getCurrentUrl();
        browser.findElement(By.id("eval-start")).click();
        wait.until(d -> d.getCurrentUrl().matches(".*#/evals/[0-9a-f]{8}$") && !d.getCurrentUrl().equals(from));
        String id = browser.getCurrentUrl().replaceAll(".*#/evals/", "");
        new WebDriverWait(browser, Duration.ofSeconds(90), Chromium.POLL).until(d -> {
            List<WebElement> s = d.findElements(By.cssSelector("#run-summary[data-run='" + id + "'][data-status=complete]"));
            return !s.isEmpty();
        });
        assertThat(browser.findElements(By.cssSelector("#runs tbody tr"))).hasSizeGreaterThan(before);
        // the list of runs refreshes on its own timer, after the summary: wait for its row to say so too (a row read while the
        // list is redrawn is gone from the page: read it again)
        new WebDriverWait(browser, Duration.ofSeconds(30), Chromium.POLL).ignoring(org.openqa.selenium.StaleElementReferenceException.class).until(d -> "complete".equals(
                d.findElement(By.cssSelector("#runs tr[data-run='" + id + "']")).getAttribute("data-status")));
        return id;
    }

    @Test
    @Order(6)
    void at_phone_width_the_chat_fits_the_screen() throws Exception {
        Chromium.screen(browser, 390, 844, true);
        try {
            browser.get(api.url("/#/ask"));
            askInBrowser("Chart shipments per carrier");
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer[data-kind=chart]")));
            assertThat(browser.findElement(By.id("threads-panel")).isDisplayed()).as("the thread list folds away").isFalse();
            assertThat(browser.findElement(By.id("threads-toggle")).isDisplayed()).isTrue();
            // on a phone the page zooms out to what overflows (window.innerWidth grows with it): the phone's width is the measure
            long width = (Long) ((JavascriptExecutor) browser).executeScript("return document.documentElement.scrollWidth");
            assertThat(width).as("no sideways scrolling of the page").isLessThanOrEqualTo(390);
            WebElement answer = browser.findElement(By.cssSelector("#turns .answer[data-kind=chart]"));
            wait.until(d -> !answer.findElements(By.cssSelector(".chart svg .mark-rect path")).isEmpty());
            long chartWidth = (Long) ((JavascriptExecutor) browser).executeScript(
                    "const s = arguments[0].querySelector('.chart svg'); return Math.round(s.getBoundingClientRect().width)", answer);
            long boxWidth = (Long) ((JavascriptExecutor) browser).executeScript("return Math.round(arguments[0].querySelector('.chart').clientWidth)", answer);
            assertThat(chartWidth).as("the chart is drawn as wide as its box, not cut off").isLessThanOrEqualTo(boxWidth).isGreaterThan(boxWidth / 2);
            shot("08-answer-phone");
            browser.findElement(By.id("threads-toggle")).click();
            assertThat(browser.findElement(By.id("threads-panel")).isDisplayed()).isTrue();
            browser.get(api.url("/#/evals"));
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#runs tbody tr")));
            width = (Long) ((JavascriptExecutor) browser).executeScript("return document.documentElement.scrollWidth");
            assertThat(width).isLessThanOrEqualTo(390);
            shot("09-evals-phone");
        } finally {
            Chromium.windowScreen(browser);
        }
    }

    @Test
    @Order(7)
    void a_viewer_without_the_dq_panel_sees_no_panel_and_no_curation_controls() throws Exception {
        ApiServer plain = ServeCommand.start(api.ws, "none", new ServerContext.Settings(0, 64 * 1024, 100, false, "none"));
        try {
            String url = "http://localhost:" + plain.port() + "/";
            signIn(url, api.viewer);
            askInBrowser("What was MRR in September 2026?");
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer[data-kind=result] .badge.verified")));
            assertThat(browser.findElement(By.id("dq-panel")).isDisplayed()).isFalse();
            browser.get(url + "#/learnings");
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#learnings-done .learning")));
            assertThat(browser.findElements(By.cssSelector(".learning button"))).isEmpty();
            browser.get(url + "#/evals");
            assertThat(browser.findElement(By.id("eval-form")).isDisplayed()).isFalse();
            browser.get(url + "#/knowledge/metrics/mrr");
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("knowledge-detail"), "definition"));
            assertThat(browser.findElements(By.id("edit-item"))).isEmpty();
            browser.findElement(By.id("sign-out")).click();
            assertThat(browser.findElement(By.id("login")).isDisplayed()).isTrue();
        } finally {
            plain.stop();
        }
    }

    @Test
    @Order(9)
    void an_answer_from_the_semantic_model_shows_its_chart_labels_and_formatted_values() throws Exception {
        signIn(api.url("/"), api.editor);
        browser.findElement(By.id("new-thread")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("chat-empty")));
        askInBrowser("What was shop revenue in Germany per month in the first half of 2026?");
        WebElement monthly = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer[data-kind=result]")));
        wait.until(d -> !monthly.findElements(By.cssSelector(".chart svg .mark-line path")).isEmpty());
        assertThat(monthly.findElements(By.cssSelector(".chart svg .mark-symbol path"))).as("a point per month").hasSize(6);
        assertThat(monthly.findElements(By.cssSelector(".chart svg text")).stream().map(WebElement::getText))
                .as("the money axis is formatted").anySatisfy(t -> assertThat(t).matches("\\$[\\d,.]+"));
        assertThat(monthly.findElement(By.cssSelector(".text")).getText()).as("the table is shown once, below")
                .isEqualTo("Shop revenue per month from January to June 2026, where Country is Germany:");
        assertThat(monthly.findElements(By.cssSelector("table.data th")).stream().map(WebElement::getText)).containsExactly("Month", "Shop revenue");
        List<WebElement> rows = monthly.findElements(By.cssSelector("table.data tbody tr"));
        assertThat(rows).hasSize(6);
        assertThat(rows.get(0).findElements(By.tagName("td")).get(0).getText()).isEqualTo("January 2026");
        assertThat(rows.get(5).findElements(By.tagName("td")).get(0).getText()).isEqualTo("June 2026");
        WebElement money = rows.get(0).findElements(By.tagName("td")).get(1);
        assertThat(money.getText()).matches("\\$\\d{1,3}(,\\d{3})*\\.\\d{2}");
        assertThat(money.getAttribute("class")).isEqualTo("num");
        assertThat(monthly.findElement(By.cssSelector(".explanation")).getText()).contains("where Country is Germany", "per month", "from January to June 2026");
        shot("11-semantic-monthly-line");

        browser.findElement(By.id("new-thread")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("chat-empty")));
        askInBrowser("shop revenue by sales channel in Q1 2026");
        WebElement breakdown = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer[data-kind=result]")));
        wait.until(d -> !breakdown.findElements(By.cssSelector(".chart svg .mark-rect path")).isEmpty());
        List<WebElement> channels = breakdown.findElements(By.cssSelector("table.data tbody tr"));
        assertThat(breakdown.findElements(By.cssSelector(".chart svg .mark-rect path"))).as("a bar per sales channel").hasSize(channels.size());
        assertThat(breakdown.findElements(By.cssSelector("table.data th")).stream().map(WebElement::getText)).containsExactly("Sales channel", "Shop revenue");
        assertThat(channels).allSatisfy(r -> assertThat(r.findElements(By.tagName("td")).get(1).getText()).startsWith("$"));
        shot("12-semantic-breakdown-bars");
    }

    @Test
    @Order(8)
    void a_best_attempt_carries_the_low_confidence_note() throws Exception {
        String script = "script:" + Path.of("src/test/resources/web/best-attempt.yml").toAbsolutePath();
        ApiServer other = ServeCommand.start(api.ws, script, new ServerContext.Settings(0, 64 * 1024, 100, false, "scripted"));
        try {
            signIn("http://localhost:" + other.port() + "/", api.editor);
            askInBrowser("How many carriers have we ever worked with?"); // a question the reader does not read: it goes to the model
            WebElement answer = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer[data-confidence=low]")));
            assertThat(answer.findElement(By.cssSelector(".badge.low")).getText()).isEqualTo("Best attempt — results may be incomplete");
            assertThat(answer.findElements(By.cssSelector(".badge.medium, .badge.verified"))).isEmpty();
            assertThat(answer.findElement(By.cssSelector("table.data td")).getText()).isEqualTo("4");
            assertThat(answer.findElement(By.cssSelector(".text")).getText()).as("the note is said once, by the badge").isEqualTo("We ship with 4 carriers.");
            shot("10-best-attempt");
        } finally {
            other.stop();
        }
    }

    @Test
    @Order(10)
    void a_list_longer_than_the_row_cap_downloads_every_row() throws Exception {
        String script = "script:" + Path.of("src/test/resources/web/long-list.yml").toAbsolutePath();
        ApiServer other = ServeCommand.start(api.ws, script, new ServerContext.Settings(0, 64 * 1024, 100, false, "scripted"));
        long customers = ((Number) api.ws.executor(dev.almanac.sql.QueryLimits.DEFAULT).execute("SELECT count(*) FROM customers").rows().get(0).get(0)).longValue();
        try {
            signIn("http://localhost:" + other.port() + "/", api.viewer);
            askInBrowser("Give me the ids of all our clients and their company names");
            WebElement answer = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer[data-kind=result]")));
            assertThat(answer.findElements(By.cssSelector(".badge.low, .badge.medium"))).as("a long list is not a failed answer").isEmpty();
            String all = String.format(java.util.Locale.ROOT, "%,d", customers);
            WebElement link = answer.findElement(By.cssSelector("a.csv"));
            assertThat(link.getText()).isEqualTo("Download all " + all + " rows (CSV)");
            assertThat(answer.findElement(By.cssSelector(".meta")).getText()).startsWith(all + " rows (showing the first 200)");
            List<String> lines = Files.readAllLines(download(link));
            assertThat(lines.get(0)).isEqualTo("customer_id,company_name");
            assertThat(lines).as("every row, not the 1,000 the answer carries").hasSize((int) customers + 1);
            shot("13-long-list-download");
        } finally {
            other.stop();
            signIn(api.url("/"), api.editor);
        }
    }

    @Test
    @Order(11)
    void broken_knowledge_files_are_named_in_a_banner_while_the_last_good_knowledge_is_served() throws Exception {
        Path file = api.project.resolve("knowledge/metrics/mrr.yml");
        String good = Files.readString(file);
        try {
            Files.writeString(file, good.replace("label: Monthly", "label: [Monthly"));
            assertThat(api.call("POST", "/api/knowledge/import", api.editor, null).statusCode()).isEqualTo(422);
            signIn(api.url("/"), api.editor);
            WebElement banner = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("knowledge-broken")));
            assertThat(banner.getText()).contains("last good knowledge", "metrics/mrr.yml:");
            shot("12-broken-knowledge");
        } finally {
            Files.writeString(file, good);
            assertThat(api.call("POST", "/api/knowledge/import", api.editor, null).statusCode()).isEqualTo(200);
        }
        browser.get(api.url("/#/knowledge"));
        browser.navigate().refresh();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("nav")));
        wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("knowledge-broken")));
    }

    /** A signed amount as the change tables show it ("+$151,758.20", "-$3.10", "+0.42 points"). */
    static java.math.BigDecimal amount(String shown) {
        String digits = shown.replaceAll("[^0-9.\\-+]", "");
        return new java.math.BigDecimal(digits.startsWith("+") ? digits.substring(1) : digits);
    }

    @Test
    @Order(12)
    void a_why_question_shows_a_waterfall_and_contributions_that_add_up_each_linking_to_its_query() throws Exception {
        signIn(api.url("/"), api.editor);
        browser.get(api.url("/#/ask"));
        int before = browser.findElements(By.cssSelector("#turns .answer .change")).size();
        askInBrowser("Why did MRR rise in August 2026?");
        wait.until(d -> d.findElements(By.cssSelector("#turns .answer .change")).size() > before);
        List<WebElement> changes = browser.findElements(By.cssSelector("#turns .answer[data-kind=result]"));
        WebElement answer = changes.get(changes.size() - 1);
        assertThat(answer.findElement(By.cssSelector(".text")).getText()).startsWith("Monthly recurring revenue (MRR) rose by $")
                .as("the tables are drawn once, below the text").doesNotContain("| ---");
        List<WebElement> splits = answer.findElements(By.cssSelector(".change .change-split"));
        assertThat(splits).as("a table per dimension split, the first three shown").hasSizeGreaterThan(3);
        assertThat(splits.subList(0, 3)).allSatisfy(x -> assertThat(x.isDisplayed()).isTrue());
        assertThat(splits.get(3).isDisplayed()).as("the others folded").isFalse();
        WebElement first = splits.get(0);
        List<WebElement> cells = first.findElements(By.cssSelector("tbody td.contribution"));
        java.math.BigDecimal sum = cells.stream().map(c -> amount(c.getText())).reduce(java.math.BigDecimal.ZERO, java.math.BigDecimal::add);
        java.math.BigDecimal total = amount(first.findElement(By.cssSelector("tfoot td.contribution")).getText());
        assertThat(sum).as("the contributions add up to the change, to the cent").isEqualByComparingTo(total);
        assertThat(answer.findElement(By.cssSelector(".text")).getText()).contains(String.format(java.util.Locale.ENGLISH, "$%,.2f", total));
        // the waterfall: the value before, a bar per contribution that moved, the value after
        long moved = cells.stream().filter(c -> amount(c.getText()).signum() != 0).count();
        wait.until(d -> !answer.findElements(By.cssSelector(".chart svg .mark-rect path")).isEmpty());
        assertThat(answer.findElements(By.cssSelector(".chart svg .mark-rect path"))).hasSize((int) moved + 2);
        shot("13-why-waterfall");
        // each contribution links to the query that computed it: the SQL opens there
        WebElement link = first.findElement(By.cssSelector("tbody a.query-link"));
        String target = link.getAttribute("href").replaceAll("^.*#", "");
        ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView({block: 'center'})", link);
        link.click();
        WebElement query = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id(target)));
        assertThat(query.getAttribute("class")).contains("shown");
        assertThat(query.getText()).contains("Query " + target.replaceAll("^.*-", "") + ":", "SELECT");
        assertThat(query.getText()).contains("by " + first.findElement(By.cssSelector("thead th")).getText());
        // at a phone's width the same answer fits the screen: the waterfall is drawn to its box, the tables scroll in theirs
        Chromium.screen(browser, 390, 844, true);
        try {
            ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView({block: 'start'})", answer.findElement(By.cssSelector(".chart")));
            wait.until(d -> (Long) ((JavascriptExecutor) d).executeScript(
                    "const s = arguments[0].querySelector('.chart svg'); return Math.round(s.getBoundingClientRect().width)", answer)
                    <= (Long) ((JavascriptExecutor) d).executeScript("return Math.round(arguments[0].querySelector('.chart').clientWidth)", answer));
            long width = (Long) ((JavascriptExecutor) browser).executeScript("return document.documentElement.scrollWidth");
            assertThat(width).as("no sideways scrolling of the page").isLessThanOrEqualTo(390);
            shot("14-why-waterfall-phone");
        } finally {
            Chromium.windowScreen(browser);
        }
    }
}
