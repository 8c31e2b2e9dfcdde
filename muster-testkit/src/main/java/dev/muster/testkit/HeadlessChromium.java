package dev.muster.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium driven through its ChromeDriver, headless, for tests that check pages in a
 * real browser. The first test that needs it runs {@code bin/install-browser.sh} (apt-get, as the
 * project's own file installs it); where it cannot be installed the test is skipped, unless
 * {@code MUSTER_REQUIRE_BROWSER=1} (CI), where it fails. Paths are relative to a module's directory,
 * where Maven runs its tests.
 */
public final class HeadlessChromium {

    private static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("MUSTER_CHROMIUM", "/usr/bin/chromium"));
    private static final Path DRIVER = Path.of(System.getenv().getOrDefault("MUSTER_CHROMEDRIVER", "/usr/bin/chromedriver"));
    private static Boolean installed;

    private HeadlessChromium() {
    }

    /** A new browser; skips the calling test when there is none and none can be installed. */
    public static ChromeDriver start(Path profile) {
        boolean there = ensureInstalled();
        if (!there && "1".equals(System.getenv("MUSTER_REQUIRE_BROWSER"))) {
            throw new AssertionError("MUSTER_REQUIRE_BROWSER=1 but " + CHROMIUM + " or " + DRIVER
                    + " is missing and bin/install-browser.sh could not install them");
        }
        Assumptions.assumeTrue(there, "no Chromium/ChromeDriver (bin/install-browser.sh could not install them)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // The flags the machine's notes give for a closed network: no background connections to Google.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile.toAbsolutePath(), "--window-size=1400,2400");
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** Opens {@code url} and waits until the page says it has drawn (its body's {@code data-ready}). */
    public static void load(ChromeDriver browser, String url) {
        browser.get(url);
        new org.openqa.selenium.support.ui.WebDriverWait(browser, java.time.Duration.ofSeconds(30)).until(d ->
                "true".equals(((org.openqa.selenium.JavascriptExecutor) d)
                        .executeScript("return document.body.getAttribute('data-ready');")));
    }

    /** The console's warnings and errors since it was last asked (the browser's log is drained by asking). */
    public static java.util.List<String> consoleProblems(ChromeDriver browser) {
        return browser.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue())
                .map(org.openqa.selenium.logging.LogEntry::getMessage).toList();
    }

    /** Saves what the browser shows to {@code target/html-report/NAME.png}, for a person to look at. */
    public static void screenshot(ChromeDriver browser, String name) throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "html-report"));
        Files.write(dir.resolve(name + ".png"), browser.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
    }

    private static synchronized boolean ensureInstalled() {
        if (installed == null) {
            if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
                runInstaller();
            }
            installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
        }
        return installed;
    }

    private static void runInstaller() {
        File script = Path.of("..", "bin", "install-browser.sh").toAbsolutePath().normalize().toFile();
        try {
            Process p = new ProcessBuilder("bash", script.getPath()).inheritIO().start();
            if (!p.waitFor(15, TimeUnit.MINUTES)) {
                p.destroyForcibly();
            }
        } catch (IOException e) {
            System.err.println("install-browser.sh could not be run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
