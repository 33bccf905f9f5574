package dev.almanac.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.server.ApiServer;
import dev.almanac.server.ServerContext;
import dev.almanac.store.ThreadStore;
import dev.almanac.testing.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The rough edges a new user hits in the first hour of the web app, in a real headless Chromium against a real server
 * (no model: answers from verified queries and the semantic layer) and its SQLite store, at a phone's 390x844 and a
 * laptop's 1366x768: the conversation list (dates, days, rename, delete, the command line's and eval runs' threads only
 * when asked for), every page without sideways scrolling on a phone, the eval page's table and diff defaults, errors
 * that say whom to ask rather than which command to run, and steps that explain the data coverage and show each query
 * whole. Screenshots go to target/screenshots/, named after what they show.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebAppFirstHourBrowserTest {
    /** The failed requests the current test makes on purpose (Chromium.provoked); any other is an error. */
    static final List<java.util.regex.Pattern> provoked = new java.util.ArrayList<>();

    /** Texts that tell a reader to run a command of the server's command line. */
    static final List<String> COMMANDS = List.of("almanac config", "almanac users", "almanac ask", "almanac knowledge", "--llm", "--role", "--from", "--grain");

    @TempDir
    static Path home;
    static ApiFixture api;
    static ChromeDriver browser;
    static WebDriverWait wait;

    @BeforeAll
    static void start() throws Exception {
        assumeFalse(Chromium.skipped(), "browser tests skipped with -Dalmanac.browser=skip");
        api = new ApiFixture(home, "first-hour", "none", new ServerContext.Settings(0, 64 * 1024, 1000, false, "none"));
        browser = Chromium.start(1366, 768);
        // the list is drawn anew after each change: an element found just before is then stale, and is looked up again
        wait = (WebDriverWait) new WebDriverWait(browser, Duration.ofSeconds(30), Chromium.POLL).ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        // the days of the conversation list are the browser's; make its time zone this JVM's, which the test reckons in
        browser.executeCdpCommand("Emulation.setTimezoneOverride", Map.of("timezoneId", ZoneId.systemDefault().getId()));
        laptop();
        signIn(api.url("/"), api.editor);
    }

    @AfterAll
    static void stop() {
        if (browser != null) browser.quit();
        if (api != null) api.close();
    }

    @AfterEach
    void no_script_errors() {
        if (browser == null) return;
        try {
            assertThat(Chromium.consoleErrors(browser, provoked)).as("errors in the browser console").isEmpty();
        } finally {
            provoked.clear();
        }
        laptop();
    }

    /** A phone's screen: 390 CSS pixels wide, as a phone lays a page out. */
    static void phone() {
        Chromium.screen(browser, 390, 844, true);
    }

    static void laptop() {
        Chromium.screen(browser, 1366, 768, false);
    }

    static void signIn(String url, String token) {
        Chromium.signIn(browser, wait, url, token);
    }

    /** Opens a page of the app afresh (a reload, so that each page starts as a user arriving there would find it). */
    static void open(String hash) {
        browser.get(api.url("/?" + System.nanoTime() + hash));
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("nav")));
    }

    /** Waits until the page's layout holds still: its width the same over two animation frames, after any chart drew. */
    static void settled() {
        wait.until(d -> Boolean.TRUE.equals(((org.openqa.selenium.JavascriptExecutor) d).executeAsyncScript(
                "const done = arguments[arguments.length - 1]; const w = document.documentElement.scrollWidth;"
                        + " requestAnimationFrame(() => requestAnimationFrame(() => done(document.readyState === 'complete'"
                        + " && document.documentElement.scrollWidth === w)));")));
    }

    static void shot(String name) throws Exception {
        Chromium.screenshot(browser, name);
    }

    static Object js(String script, Object... args) {
        return browser.executeScript(script, args);
    }

    static long pageWidth() {
        return (Long) js("return document.documentElement.scrollWidth");
    }

    static void askInBrowser(String question) {
        WebElement box = wait.until(ExpectedConditions.elementToBeClickable(By.id("question")));
        box.clear();
        box.sendKeys(question);
        browser.findElement(By.id("ask-button")).click();
    }

    /** Asks in a new conversation and waits for the answer; returns it. */
    static WebElement askAnew(String question) {
        open("#/ask");
        if (browser.findElement(By.id("new-thread-bar")).isDisplayed()) browser.findElement(By.id("new-thread-bar")).click();
        else browser.findElement(By.id("new-thread")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("chat-empty")));
        askInBrowser(question);
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer")));
    }

    @SuppressWarnings("unchecked")
    static List<String> listedIds() {
        return (List<String>) js("return [...document.querySelectorAll('#threads li.thread')].map((e) => e.dataset.thread)");
    }

    static WebElement item(String thread) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#threads li.thread[data-thread='" + thread + "']")));
    }

    static String currentThread() {
        return browser.getCurrentUrl().replaceAll(".*#/ask/", "");
    }

    /** Moves a thread's last activity (and start) to this time, as if it had been asked then. */
    static void dated(String thread, ZonedDateTime when) {
        api.ws.appStore().inTransaction(c -> {
            try (var ps = c.prepareStatement("UPDATE threads SET created_at = ?, updated_at = ? WHERE id = ?")) {
                ps.setString(1, when.toInstant().toString());
                ps.setString(2, when.toInstant().toString());
                ps.setString(3, thread);
                return ps.executeUpdate();
            }
        });
    }

    /** How the list heads a day other than today and yesterday: "12 November", with the year when it is not this one. */
    static String dayHeading(ZonedDateTime d) {
        String month = d.getMonth().getDisplayName(java.time.format.TextStyle.FULL, java.util.Locale.ENGLISH);
        return d.getDayOfMonth() + " " + month + (d.getYear() == ZonedDateTime.now(api.ws.clock()).getYear() ? "" : " " + d.getYear());
    }

    static final String LONG_QUESTION = "What was MRR in September 2026, counting every plan we sell to customers in every region of the world, "
            + "including the legacy plans that finance still reports separately, the discounted annual plans, the partner plans and the "
            + "plans of the customers who moved from one region to another during the month?";

    @Test
    @Order(1)
    void the_conversation_list_dates_and_groups_each_conversation_once_and_hides_the_cli_and_eval_ones_until_asked() throws Exception {
        askAnew(LONG_QUESTION);
        String webThread = currentThread();
        askInBrowser("and in August 2026?");
        wait.until(d -> d.findElements(By.cssSelector("#turns .answer")).size() == 2);
        String apiThread = ApiFixture.json(api.call("POST", "/api/ask", api.viewer, "{\"question\": \"What was total marketing spend in 2024?\"}")).get("thread_id").asText();
        CliTest.Run run = CliTest.run("ask", "What was MRR in September 2026?", "--project", api.project.toString(), "--llm", "none", "--format", "json");
        assertThat(run.code()).as(run.err()).isZero();
        String cliThread = Json.MAPPER.readTree(run.out()).get("thread_id").asText();
        String evalThread = new ThreadStore(api.ws.appStore(), ThreadStore.Origin.eval).create(api.ws.requireProject(), "How many invoices were issued in 2025?");
        ThreadStore web = new ThreadStore(api.ws.appStore(), ThreadStore.Origin.web);
        ZonedDateTime now = ZonedDateTime.now(api.ws.clock()); // the server's clock: the list dates its days by it
        String yesterdayThread = web.create(api.ws.requireProject(), "Which plans did customers upgrade to?");
        dated(yesterdayThread, now.minusDays(1));
        String olderThread = web.create(api.ws.requireProject(), "What was ARR at the end of 2025?");
        dated(olderThread, now.minusDays(10));

        open("#/ask/" + webThread);
        item(webThread);
        List<String> ids = listedIds();
        assertThat(new HashSet<>(ids)).as("one entry per thread").hasSize(ids.size());
        assertThat(ids).as("the web app's and the API's threads, newest first").containsExactly(apiThread, webThread, yesterdayThread, olderThread);
        assertThat(browser.findElements(By.cssSelector("#threads .day-label")).stream().map(WebElement::getText))
                .containsExactly("Today", "Yesterday", dayHeading(now.minusDays(10)));
        WebElement mine = item(webThread);
        assertThat(mine.getAttribute("class")).contains("active");
        WebElement title = mine.findElement(By.cssSelector(".thread-title"));
        assertThat(title.getAttribute("textContent")).as("the whole title, never cut in the page").isEqualTo(LONG_QUESTION);
        assertThat(mine.findElement(By.cssSelector("a")).getAttribute("title")).as("and in its tooltip").isEqualTo(LONG_QUESTION);
        assertThat((Long) js("const e = arguments[0]; return e.scrollHeight - e.clientHeight", title)).as("two lines of it show").isPositive();
        assertThat(mine.findElement(By.tagName("time")).getText()).matches("\\d{2}:\\d{2}");
        assertThat(item(apiThread).findElement(By.cssSelector(".origin")).getText()).isEqualTo("API");
        assertThat(mine.findElements(By.cssSelector(".origin"))).as("the web app's own threads carry no tag").isEmpty();
        shot("conversation-list-laptop");

        WebElement showAll = browser.findElement(By.id("threads-all"));
        assertThat(showAll.isSelected()).isFalse();
        showAll.click();
        wait.until(d -> listedIds().contains(cliThread) && listedIds().contains(evalThread));
        assertThat(item(cliThread).findElement(By.cssSelector(".origin")).getText()).isEqualTo("CLI");
        assertThat(item(evalThread).findElement(By.cssSelector(".origin")).getText()).isEqualTo("eval run");
        shot("conversation-list-with-cli-and-eval-laptop");
        open("#/ask");
        wait.until(d -> listedIds().contains(cliThread));
        assertThat(browser.findElement(By.id("threads-all")).isSelected()).as("the choice is remembered").isTrue();
        browser.findElement(By.id("threads-all")).click();
        wait.until(d -> !listedIds().contains(cliThread) && !listedIds().contains(evalThread));
    }

    @Test
    @Order(2)
    void at_phone_width_the_conversation_list_folds_away_and_shows_the_same_days_dates_and_controls() throws Exception {
        ZonedDateTime now = ZonedDateTime.now(api.ws.clock());
        ThreadStore web = new ThreadStore(api.ws.appStore(), ThreadStore.Origin.web);
        String mine = web.create(api.ws.requireProject(), "Which carriers shipped the most parcels?");
        dated(web.create(api.ws.requireProject(), "How many support tickets were opened?"), now.minusDays(1));
        phone();
        open("#/ask");
        assertThat(browser.findElement(By.id("threads-panel")).isDisplayed()).isFalse();
        assertThat(browser.findElement(By.id("new-thread-bar")).isDisplayed()).as("a new conversation is one tap away").isTrue();
        browser.findElement(By.id("threads-toggle")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("threads-panel")));
        assertThat(browser.findElements(By.cssSelector("#threads .day-label")).stream().map(WebElement::getText)).startsWith("Today", "Yesterday");
        WebElement entry = item(mine);
        assertThat(entry.findElement(By.tagName("time")).isDisplayed()).isTrue();
        assertThat(entry.findElement(By.cssSelector("button.rename")).isDisplayed()).isTrue();
        assertThat(entry.findElement(By.cssSelector("button.delete")).isDisplayed()).isTrue();
        assertThat(pageWidth()).as("no sideways scrolling").isLessThanOrEqualTo(390);
        shot("conversation-list-phone");
    }

    @Test
    @Order(3)
    void a_conversation_is_renamed_in_place_and_deleted_after_a_confirmation() throws Exception {
        provoked.add(Chromium.provoked("/api/threads/", 400)); // an empty and a too long title
        provoked.add(Chromium.provoked("/api/threads/", 404)); // the thread deleted meanwhile
        askAnew(LONG_QUESTION); // its own conversations: one asked in the browser, one ten days old
        String mine = currentThread();
        String older = new ThreadStore(api.ws.appStore(), ThreadStore.Origin.web).create(api.ws.requireProject(), "What was ARR at the end of 2025?");
        dated(older, ZonedDateTime.now(api.ws.clock()).minusDays(10));
        for (boolean onPhone : List.of(false, true)) {
            if (onPhone) phone();
            open("#/ask/" + mine);
            if (onPhone) browser.findElement(By.id("threads-toggle")).click();
            String name = onPhone ? "MRR, renamed on a phone" : "MRR in September, all plans";
            item(mine).findElement(By.cssSelector("button.rename")).click();
            WebElement input = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#threads .rename-title")));
            assertThat(input.getAttribute("value")).isEqualTo(onPhone ? "MRR in September, all plans" : LONG_QUESTION);
            input.clear();
            input.sendKeys("   ");
            browser.findElement(By.cssSelector("#threads .save-title")).click();
            WebElement problem = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#threads .rename-form .error")));
            assertThat(problem.getText()).as("the server's reason, shown where the title is typed").contains("empty");
            input.clear();
            input.sendKeys(name + org.openqa.selenium.Keys.ENTER);
            wait.until(d -> item(mine).findElement(By.cssSelector(".thread-title")).getText().equals(name));
            assertThat(ApiFixture.json(api.call("GET", "/api/threads", api.viewer, null)).findValuesAsText("title")).contains(name);
            if (onPhone) shot("conversation-renamed-phone");
        }
        laptop();
        open("#/ask/" + mine);
        item(mine).findElement(By.cssSelector("button.rename")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#threads .rename-title"))).sendKeys(" (draft)" + org.openqa.selenium.Keys.ESCAPE);
        wait.until(d -> item(mine).findElement(By.cssSelector(".thread-title")).getText().equals("MRR, renamed on a phone"));

        item(older).findElement(By.cssSelector("button.delete")).click();
        assertThat(wait.until(ExpectedConditions.alertIsPresent()).getText()).contains("What was ARR at the end of 2025?");
        browser.switchTo().alert().dismiss();
        assertThat(listedIds()).as("nothing deleted without a yes").contains(older);
        item(older).findElement(By.cssSelector("button.delete")).click();
        wait.until(ExpectedConditions.alertIsPresent()).accept();
        wait.until(d -> !listedIds().contains(older));
        assertThat(api.call("GET", "/api/threads/" + older, api.viewer, null).statusCode()).isEqualTo(404);

        item(mine).findElement(By.cssSelector("button.delete")).click();
        wait.until(ExpectedConditions.alertIsPresent()).accept();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("chat-empty")));
        assertThat(browser.getCurrentUrl()).as("the open conversation, deleted, gives way to a new one").endsWith("#/ask");
        assertThat(listedIds()).doesNotContain(mine);
        assertThat(api.call("GET", "/api/threads/" + mine, api.viewer, null).statusCode()).isEqualTo(404);
        open("#/ask/" + mine);
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .gone")));
    }

    @Test
    @Order(4)
    void errors_say_what_to_do_in_the_web_app_or_whom_to_ask_never_which_command_to_run() throws Exception {
        provoked.add(Chromium.provoked("/api/ask/stream", 503)); // a server whose model is not set up
        for (boolean onPhone : List.of(false, true)) {
            if (onPhone) phone();
            WebElement answer = askAnew("Which carriers deliver late most often?");
            assertThat(answer.getAttribute("data-kind")).isEqualTo("error");
            String text = answer.findElement(By.cssSelector(".text")).getText();
            assertThat(text).contains("no language model is configured", "Ask your Almanac administrator to configure a language model");
            assertThat(browser.findElement(By.tagName("body")).getText()).as("the page").doesNotContain(COMMANDS);
            browser.findElement(By.cssSelector(".steps-log summary")).click();
            assertThat(browser.findElement(By.cssSelector(".steps")).getText()).doesNotContain(COMMANDS);
            open("#/ask/" + currentThread());
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer.kind-error")));
            assertThat(browser.findElement(By.cssSelector("#turns .answer .text")).getText()).as("read back from the thread").isEqualTo(text);
            shot(onPhone ? "no-model-error-phone" : "no-model-error-laptop");
        }
        laptop();

        ApiServer broken = ServeCommand.start(api.ws, "nosuchprovider:model", new ServerContext.Settings(0, 64 * 1024, 100, false, "nosuchprovider:model"));
        try {
            String url = "http://localhost:" + broken.port() + "/";
            signIn(url, api.viewer);
            askInBrowser("What was MRR in September 2026?");
            WebElement error = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#turns .answer.kind-error .error")));
            assertThat(error.getText()).contains("Ask your Almanac administrator").doesNotContain(COMMANDS);
            shot("model-not-set-up-error-laptop");
            browser.findElement(By.id("sign-out")).click();
            WebElement login = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("login")));
            assertThat(login.getText()).as("the sign-in page").contains("ask your Almanac administrator").doesNotContain(COMMANDS);
        } finally {
            broken.stop();
            signIn(api.url("/"), api.editor);
        }
    }

    @Test
    @Order(5)
    void the_steps_explain_the_data_coverage_and_show_each_query_whole() throws Exception {
        for (boolean onPhone : List.of(false, true)) {
            if (onPhone) phone();
            askAnew("How many employees work in each office?");
            WebElement steps = browser.findElement(By.cssSelector("#turns .steps-log"));
            steps.findElement(By.tagName("summary")).click();
            WebElement coverage = steps.findElement(By.cssSelector("li.step-dq"));
            assertThat(coverage.getText()).endsWith("Data coverage: Not checked: the question names no period");
            JsonNode stored = ApiFixture.json(api.call("GET", "/api/threads/" + currentThread(), api.viewer, null)).at("/turns/0/answer/provenance/sql/0");
            String shownSql = steps.findElement(By.cssSelector("li.step-sql pre")).getAttribute("textContent");
            assertThat(shownSql).as("the query whole, as it ran").isEqualTo(stored.asText()).doesNotContain("…");
            assertThat(pageWidth()).isLessThanOrEqualTo(onPhone ? 390 : 1366);
            shot(onPhone ? "steps-coverage-and-sql-phone" : "steps-coverage-and-sql-laptop");

            askAnew("What was total marketing spend in 2024?");
            WebElement partial = browser.findElement(By.cssSelector("#turns .steps-log"));
            partial.findElement(By.tagName("summary")).click();
            assertThat(partial.findElement(By.cssSelector("li.step-dq")).getText())
                    .endsWith("Data coverage: Partly covered: 1 month of 2024 has no data (2024-07)");
        }
        String verdict = "FAIL: the answer sums order totals across currencies " + "without converting them first, ".repeat(8) + "so the total mixes units";
        @SuppressWarnings("unchecked")
        List<String> clipped = (List<String>) js("const li = stepItem({step: 'critique', detail: arguments[0]}); document.body.append(li); "
                + "const shown = li.textContent; li.querySelector('button.more').click(); const all = li.textContent; li.remove(); return [shown, all]", verdict);
        assertThat(clipped.get(0)).startsWith("Checking the answer: ").endsWith("… more");
        String kept = clipped.get(0).substring("Checking the answer: ".length(), clipped.get(0).length() - "… more".length());
        assertThat(kept.length()).isBetween(100, 200);
        assertThat(verdict).as("a long detail is cut after a whole word").startsWith(kept);
        assertThat(verdict.charAt(kept.length())).isEqualTo(' ');
        assertThat(clipped.get(1)).as("and shown whole on asking").isEqualTo("Checking the answer: " + verdict + " ");
        for (String[] s : List.of(new String[] {"OK", "Covered"}, new String[] {"MISMATCH", "Not covered"}, new String[] {"NOT_EVALUATED", "Not checked: no query ran"},
                new String[] {"UNKNOWN", "Not checked"})) {
            assertThat((String) js("return coverageWords(arguments[0], null)", s[0])).as(s[0]).startsWith(s[1]).doesNotContain(s[0]);
        }
    }

    @Test
    @Order(6)
    void code_in_an_answer_is_shown_as_code_and_never_read_as_markup() throws Exception {
        WebElement answer = askAnew("Why did customers churn last year?");
        WebElement text = answer.findElement(By.cssSelector(".text"));
        assertThat(text.getText()).contains("From the canonical metric churn_rate").doesNotContain("`");
        assertThat(text.findElement(By.tagName("code")).getText()).isEqualTo("churn_rate");
        @SuppressWarnings("unchecked")
        List<Object> parsed = (List<Object>) js("const p = document.createElement('p'); p.append(...withCode('see `<b>bold</b>` and <i>this</i> or `x')); "
                + "return [p.querySelectorAll('b, i').length, p.querySelector('code').textContent, p.textContent]");
        assertThat(parsed).containsExactly(0L, "<b>bold</b>", "see <b>bold</b> and <i>this</i> or `x");
    }

    static String runEval(String tag) throws Exception {
        String id = ApiFixture.json(api.call("POST", "/api/evals", api.editor, "{\"tag\": \"" + tag + "\"}")).get("id").asText();
        new WebDriverWait(browser, Duration.ofSeconds(120), Chromium.POLL).until(d -> {
            try {
                return "complete".equals(ApiFixture.json(api.call("GET", "/api/evals/" + id, api.viewer, null)).at("/run/status").asText());
            } catch (Exception e) {
                return false;
            }
        });
        return id;
    }

    @Test
    @Order(7)
    void the_eval_page_shows_its_results_in_a_full_width_table_and_the_diff_compares_the_two_latest_runs() throws Exception {
        String first = runEval("revenue");
        String second = runEval("revenue");
        open("#/evals");
        wait.until(d -> new Select(d.findElement(By.id("diff-other"))).getOptions().size() == 2);
        assertThat(new Select(browser.findElement(By.id("diff-base"))).getFirstSelectedOption().getAttribute("value")).as("the one before").isEqualTo(first);
        assertThat(new Select(browser.findElement(By.id("diff-other"))).getFirstSelectedOption().getAttribute("value")).as("the latest").isEqualTo(second);

        // a third run, started on the page: once it is done, the defaults move on to it and the one before
        new Select(browser.findElement(By.id("eval-tag"))).selectByVisibleText("revenue");
        browser.findElement(By.id("eval-start")).click();
        wait.until(d -> d.getCurrentUrl().matches(".*#/evals/[0-9a-f]{8}$"));
        String third = browser.getCurrentUrl().replaceAll(".*#/evals/", "");
        new WebDriverWait(browser, Duration.ofSeconds(120), Chromium.POLL).until(d -> !d.findElements(By.cssSelector("#runs tr[data-run='" + third + "'][data-status=complete]")).isEmpty());
        wait.until(d -> third.equals(new Select(d.findElement(By.id("diff-other"))).getFirstSelectedOption().getAttribute("value")));
        assertThat(new Select(browser.findElement(By.id("diff-base"))).getFirstSelectedOption().getAttribute("value")).as("moved on with the new run").isEqualTo(second);
        assertThat(new Select(browser.findElement(By.id("diff-other"))).getFirstSelectedOption().getAttribute("value")).isEqualTo(third);
        new Select(browser.findElement(By.id("diff-base"))).selectByValue(third);
        assertThat(browser.findElement(By.cssSelector("#diff-form button")).isEnabled()).as("a run is not diffed with itself").isFalse();
        assertThat(browser.findElement(By.id("diff-same")).isDisplayed()).isTrue();
        new Select(browser.findElement(By.id("diff-base"))).selectByValue(first);
        browser.findElement(By.cssSelector("#diff-form button")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("eval-detail"), "Diff " + first + " → " + third));

        for (boolean onPhone : List.of(false, true)) {
            if (onPhone) phone();
            open("#/evals/" + third);
            WebElement table = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#eval-detail table.results")));
            wait.until(d -> table.findElements(By.cssSelector("tbody tr")).size() > 10);
            assertThat(browser.findElements(By.cssSelector("#eval-detail .table-wrap"))).as("no box of its own").isEmpty();
            @SuppressWarnings("unchecked")
            List<Long> box = (List<Long>) js("const t = arguments[0]; const main = document.getElementById('view-evals'); "
                    + "return [Math.round(t.getBoundingClientRect().width), main.clientWidth, t.scrollWidth - t.clientWidth, document.documentElement.scrollWidth]", table);
            assertThat(box.get(0)).as("as wide as the page's content").isGreaterThanOrEqualTo(box.get(1) - 40);
            assertThat(box.get(2)).as("no sideways scrolling inside it").isLessThanOrEqualTo(0);
            assertThat(box.get(3)).as("nor of the page").isLessThanOrEqualTo(onPhone ? 390 : 1366);
            assertThat(browser.findElement(By.id("eval-detail")).getText()).as("failed answers' reasons").doesNotContain(COMMANDS);
            shot(onPhone ? "eval-page-phone" : "eval-page-laptop");
        }
    }

    @Test
    @Order(8)
    void every_page_fits_a_phone_without_sideways_scrolling_and_the_knowledge_page_shows_its_new_button() throws Exception {
        new dev.almanac.store.LearningStore(api.ws.appStore()).save(api.ws.requireProject(), new dev.almanac.store.LearningRow("L-phone",
                "Order totals are in cents before 2023; divide them by 100 to compare with later years", "units", List.of("orders"),
                "SELECT date_trunc('year', ordered_at) AS year, sum(total_amount) AS revenue_with_a_rather_long_alias_name FROM orders GROUP BY 1 ORDER BY 1",
                "SELECT date_trunc('year', ordered_at) AS year, sum(CASE WHEN ordered_at < DATE '2023-01-01' THEN total_amount / 100 ELSE total_amount END) FROM orders GROUP BY 1",
                0.6, 0, true));
        phone();
        List<String> tooWide = new ArrayList<>();
        Map<String, String> pages = new java.util.LinkedHashMap<>();
        pages.put("#/ask", "ask-page-phone");
        pages.put("#/knowledge/metrics", "knowledge-page-phone");
        pages.put("#/knowledge/metrics/mrr", "knowledge-metric-phone");
        pages.put("#/knowledge/tables/orders", "knowledge-table-phone");
        pages.put("#/knowledge/semantic/subscriptions", "knowledge-semantic-phone");
        pages.put("#/knowledge/golden", "knowledge-golden-phone");
        pages.put("#/learnings", "learnings-page-phone");
        pages.put("#/evals", "eval-list-phone");
        for (var page : pages.entrySet()) {
            open(page.getKey());
            if (page.getKey().startsWith("#/knowledge")) wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#knowledge-list li")));
            if (page.getKey().equals("#/learnings")) wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#learnings-active .learning")));
            if (page.getKey().equals("#/evals")) wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#runs tbody tr")));
            if (page.getKey().contains("/mrr")) wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("edit-item")));
            settled(); // charts and late layout
            if (pageWidth() > 390) tooWide.add(page.getKey() + " is " + pageWidth() + " px wide");
            shot(page.getValue());
        }
        assertThat(tooWide).as("pages wider than the phone").isEmpty();

        open("#/knowledge/metrics");
        WebElement button = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("knowledge-new")));
        @SuppressWarnings("unchecked")
        List<Number> r = (List<Number>) js("const b = arguments[0].getBoundingClientRect(); return [b.left, b.right, b.top, b.bottom]", button);
        assertThat(r.get(0).doubleValue()).isGreaterThanOrEqualTo(0);
        assertThat(r.get(1).doubleValue()).as("the New button is on the screen").isLessThanOrEqualTo(390);
        assertThat(r.get(3).doubleValue()).isLessThanOrEqualTo(844);
        assertThat(button.getText()).isEqualTo("New");
        button.click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("item-form")));
        assertThat(pageWidth()).as("the new metric's form").isLessThanOrEqualTo(390);
        shot("knowledge-new-metric-phone");

        askAnew("What was shop revenue in Germany per month in the first half of 2026?");
        wait.until(d -> !d.findElements(By.cssSelector("#turns .chart svg")).isEmpty());
        assertThat(pageWidth()).as("an answer with a chart and a table").isLessThanOrEqualTo(390);
        shot("answer-phone");

        laptop();
        for (String page : pages.keySet()) {
            open(page);
            settled();
            assertThat(pageWidth()).as(page + " on a laptop").isLessThanOrEqualTo(1366);
        }
        open("#/knowledge/metrics");
        shot("knowledge-page-laptop");
    }
}
