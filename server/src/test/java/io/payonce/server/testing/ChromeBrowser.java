package io.payonce.server.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One headless Chromium per test class, driven through Debian's chromedriver (install both with
 * {@code apt-get install -y chromium chromium-driver}; {@code .ci/run} does). Selenium Manager is
 * never asked for anything: the driver and the browser are given by path, so nothing is downloaded.
 * Without them the class is skipped with the reason — or fails when {@code CI=true}.
 *
 * <p>Register as {@code @RegisterExtension static final ChromeBrowser browser = new
 * ChromeBrowser();}. Screenshots go to {@code target/screenshots}.
 */
public final class ChromeBrowser implements BeforeAllCallback, AfterAllCallback {

  public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  public static final Path SCREENSHOTS = Path.of("target", "screenshots");
  public static final String DOCS_PROPERTY = "payonce.docs.screenshots";

  private ChromeDriver driver;
  private Path profile;

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    String missing = missing();
    if (missing != null) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new IllegalStateException("CI=true and " + missing);
      }
      Assumptions.abort(missing + "; install with: apt-get install -y chromium chromium-driver");
    }
    profile = Files.createTempDirectory("payonce-chromium-");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--user-data-dir=" + profile,
        // A phone-sized window: the cashier is laid out for phones first.
        "--window-size=412,915");
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    driver = new ChromeDriver(service, options);
    driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    if (driver != null) {
      driver.quit();
    }
    if (profile != null) {
      try (Stream<Path> files = Files.walk(profile)) {
        files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
      }
    }
  }

  public WebDriver driver() {
    return driver;
  }

  /** Waits, polling the page, for up to {@code timeout}. */
  public WebDriverWait waitUpTo(Duration timeout) {
    return new WebDriverWait(driver, timeout, Duration.ofMillis(100));
  }

  /** The value of {@code data-state} on the element with the given id. */
  public String state(String id) {
    return driver.findElement(By.id(id)).getDomAttribute("data-state");
  }

  /** Saves what the browser shows as {@code target/screenshots/<name>.png}. */
  public Path screenshot(String name) {
    try {
      Files.createDirectories(SCREENSHOTS);
      Path target = SCREENSHOTS.resolve(name + ".png");
      Files.copy(
          driver.getScreenshotAs(OutputType.FILE).toPath(),
          target,
          StandardCopyOption.REPLACE_EXISTING);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Saves what the browser shows as {@link #screenshot}, and — only when the system property {@code
   * payonce.docs.screenshots} is {@code true} — also as {@code docs/img/<folder>/<name>.png} of the
   * repository, the pictures the documentation shows. Normal builds leave the committed ones alone.
   */
  public Path documented(String folder, String name) {
    Path shot = screenshot(name);
    if (!Boolean.getBoolean(DOCS_PROPERTY)) {
      return shot;
    }
    try {
      Path docs = Path.of("..", "docs", "img", folder);
      Files.createDirectories(docs);
      return Files.copy(shot, docs.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String missing() {
    if (!Files.isExecutable(CHROMEDRIVER)) {
      return CHROMEDRIVER + " is missing";
    }
    if (!Files.isExecutable(CHROMIUM)) {
      return CHROMIUM + " is missing";
    }
    return null;
  }
}
