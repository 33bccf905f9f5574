package dev.almanac.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A real headless Chromium for the browser tests: Debian's {@code chromium} and {@code chromium-driver}
 * packages, installed with apt-get when they are missing (never a browser downloaded by a test
 * library). Started offline: no background networking, no component updates, no first-run work.
 */
public final class Chromium {
    private static final List<Path> BROWSERS = List.of(Path.of("/usr/lib/chromium/chromium"), Path.of("/usr/bin/chromium"));
    private static final List<Path> DRIVERS = List.of(Path.of("/usr/lib/chromium/chromedriver"), Path.of("/usr/bin/chromedriver"));

    /** Where downloads land (target/downloads). */
    public static final Path DOWNLOADS = Path.of("target", "downloads");

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
                .withLogFile(new File("target/chromedriver.log")).build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
        return driver;
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
