package dev.almanac.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium for the browser tests: Debian's {@code chromium} and {@code chromium-driver}
 * packages, installed with apt-get when they are missing (never a browser downloaded by a test
 * library). Started offline: no background networking, no component updates, no first-run work.
 */
public final class Chromium {
    private static final List<Path> BROWSERS = List.of(Path.of("/usr/lib/chromium/chromium"), Path.of("/usr/bin/chromium"));
    private static final List<Path> DRIVERS = List.of(Path.of("/usr/lib/chromium/chromedriver"), Path.of("/usr/bin/chromedriver"));

    /**
     * How often a wait looks again: Selenium's default of 500 ms makes each wait for a page's reply last a quarter of a second
     * longer than the reply on average, and the browser tests wait about a hundred times.
     */
    public static final Duration POLL = Duration.ofMillis(50);

    /** Where downloads land (target/downloads). */
    public static final Path DOWNLOADS = Path.of("target", "downloads");

    /** Where the browser tests' screenshots go (target/screenshots), each named after what it shows. */
    public static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private Chromium() {}

    /** True when the browser tests were turned off with -Dalmanac.browser=skip (for machines where apt-get cannot run). */
    public static boolean skipped() {
        return "skip".equals(System.getProperty("almanac.browser"));
    }

    public static ChromeDriver start(int width, int height) {
        ensureInstalled();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(first(BROWSERS).toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-extensions", "--no-first-run",
                "--no-default-browser-check", "--disable-features=Translate,MediaRouter,OptimizationHints", "--hide-scrollbars",
                "--window-size=" + width + "," + height);
        options.setExperimentalOption("prefs", java.util.Map.of("download.default_directory", DOWNLOADS.toAbsolutePath().toString(),
                "download.prompt_for_download", false));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(first(DRIVERS).toFile()).usingAnyFreePort()
                .withLogFile(new File("target/chromedriver.log"))
                .withEnvironment(java.util.Map.of("LD_PRELOAD", "")) // the browser keeps the machine's clock: .ci/run's libfaketime moves only the JVM's
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
        return driver;
    }

    /**
     * Lays pages out as a screen of this size in CSS pixels does: a phone's (mobile: its layout viewport widens to what
     * overflows, so a page wider than the screen shows in document.documentElement.scrollWidth) or a laptop's. A
     * headless window alone does not go below 500 pixels wide.
     */
    public static void screen(ChromeDriver browser, int width, int height, boolean mobile) {
        browser.executeCdpCommand("Emulation.setDeviceMetricsOverride", java.util.Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", mobile));
    }

    /** Back to the window's own size. */
    public static void windowScreen(ChromeDriver browser) {
        browser.executeCdpCommand("Emulation.clearDeviceMetricsOverride", java.util.Map.of());
    }

    /** Signs in to the web app at {@code url} with the token, from a cleared local storage, and waits for its navigation. */
    public static void signIn(ChromeDriver browser, WebDriverWait wait, String url, String token) {
        browser.get(url);
        browser.executeScript("localStorage.clear()");
        browser.get(url);
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token"))).sendKeys(token);
        browser.findElement(By.cssSelector("#login-form button[type=submit]")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("nav")));
    }

    /**
     * The errors in the browser's console since it was last read, less the HTTP errors a test provoked on purpose: each of
     * those is named (a path and a status, as {@link #provoked}), and any other failed request, a 5xx included, is an error.
     */
    public static List<String> consoleErrors(ChromeDriver browser, java.util.Collection<java.util.regex.Pattern> provoked) {
        return browser.manage().logs().get("browser").getAll().stream()
                .filter(l -> l.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
                .filter(l -> provoked.stream().noneMatch(p -> p.matcher(l.getMessage()).find()))
                .map(Object::toString).toList();
    }

    /** A request a test makes fail on purpose, as the console reports it: "URL with PATH (and what follows) - Failed to load resource: ... status of STATUS". */
    public static java.util.regex.Pattern provoked(String path, int status) {
        return java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(path) + "\\S* - Failed to load resource: the server responded with a status of "
                + status + "\\b");
    }

    /** Saves what the browser shows to target/screenshots/NAME.png. */
    public static void screenshot(ChromeDriver browser, String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
    }

    private static Path first(List<Path> candidates) {
        return candidates.stream().filter(Files::isExecutable).findFirst().orElseThrow();
    }

    /** Installs Debian's chromium and chromium-driver when missing; fails with what to do when that is not possible. */
    static synchronized void ensureInstalled() {
        if (BROWSERS.stream().anyMatch(Files::isExecutable) && DRIVERS.stream().anyMatch(Files::isExecutable)) return;
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            try {
                Path log = Path.of("target", "apt-chromium.log");
                Files.createDirectories(log.getParent());
                ProcessBuilder pb = new ProcessBuilder("sh", "-c", "apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium chromium-driver")
                        .redirectErrorStream(true).redirectOutput(log.toFile());
                pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
                int rc = pb.start().waitFor();
                if (rc != 0) throw new IllegalStateException("apt-get install chromium chromium-driver failed (exit " + rc + "); see " + log);
            } catch (IOException e) {
                throw new IllegalStateException("cannot run apt-get to install chromium: " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while installing chromium", e);
            }
        }
        if (BROWSERS.stream().noneMatch(Files::isExecutable) || DRIVERS.stream().noneMatch(Files::isExecutable)) {
            throw new IllegalStateException("the browser tests need Debian's chromium and chromium-driver: `sudo apt-get install chromium "
                    + "chromium-driver` (or run with -Dalmanac.browser=skip)");
        }
    }
}
