package io.payonce.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's quick start with the client is a program that compiles and takes a first payment as
 * written: this test reads the ```java block that declares {@code class FirstPayment} out of
 * README.md (the README is the source; nothing is generated), compiles it with the JDK's compiler
 * against this module's classpath and runs it in a JVM of its own with the demo app's three
 * environment variables, against the embedded server. Two things are changed, and only these: the
 * server's address {@code http://localhost:8080} and the webhook port {@code 8081} become the
 * test's (random) ones. The test plays the buyer: it pays the QR code the program prints in the
 * sandbox's wallet, then waits for the program's half refund and its verified webhook.
 */
class ReadmeQuickStartIntegrationTests {

  private static final Path README = Path.of("..", "README.md");
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern PAY_AT = Pattern.compile("pay at (\\S+)/sandbox/wallet\\?qr=(\\S+)");

  private static EmbeddedServer server;
  private Process program;

  @BeforeAll
  static void startServer() {
    server = EmbeddedServer.get();
  }

  @AfterEach
  void stopProgram() {
    if (program != null) {
      // It keeps listening for webhooks, as a merchant's would, until stopped.
      program.destroyForcibly();
    }
  }

  @Test
  void theReadmesFirstPaymentCompilesPaysRefundsHalfAndVerifiesAWebhook() throws Exception {
    String source = quickStart();
    int hookPort = freePort();
    String runnable =
        source
            .replace("http://localhost:8080", server.baseUrl())
            .replace("8081", Integer.toString(hookPort));
    Path dir = Files.createDirectories(Path.of("target", "readme-quick-start"));
    Files.writeString(dir.resolve("FirstPayment.java"), runnable);
    String classpath = System.getProperty("java.class.path");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int compiled =
        javac.run(
            null,
            null,
            null,
            "-classpath",
            classpath,
            "-d",
            dir.toString(),
            dir.resolve("FirstPayment.java").toString());
    assertThat(compiled).as("the README's program compiles").isZero();

    ProcessBuilder run =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                dir.toAbsolutePath() + java.io.File.pathSeparator + classpath,
                "FirstPayment")
            .redirectErrorStream(true);
    run.environment().put("PAYONCE_APP_ID", EmbeddedServer.APP_ID);
    run.environment().put("PAYONCE_APP_SECRET", EmbeddedServer.SECRET);
    run.environment().put("PAYONCE_WEBHOOK_SECRET", EmbeddedServer.WEBHOOK_SECRET);
    program = run.start();
    List<String> output = new CopyOnWriteArrayList<>();
    Thread reader = new Thread(() -> read(program, output), "first-payment-output");
    reader.setDaemon(true);
    reader.start();

    String qrCode =
        await()
            .atMost(Duration.ofSeconds(60))
            .until(() -> payAt(output), Optional::isPresent)
            .orElseThrow();
    server.walletPay(qrCode);

    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () ->
                assertThat(output)
                    .as("the program's output")
                    .anyMatch(line -> line.matches("refund order_\\d+_r1 SUCCESS"))
                    .anyMatch(line -> line.matches("webhook OrderPaid order_\\d+"))
                    .anyMatch(line -> line.matches("webhook OrderPartiallyRefunded order_\\d+")));
    assertThat(output).noneMatch(line -> line.contains("Exception"));
  }

  /** The README's fenced Java block that declares the FirstPayment program. */
  static String quickStart() throws IOException {
    Matcher blocks = JAVA_BLOCK.matcher(Files.readString(README));
    while (blocks.find()) {
      if (blocks.group(1).contains("public class FirstPayment")) {
        return blocks.group(1);
      }
    }
    throw new AssertionError("README.md has no ```java block with public class FirstPayment");
  }

  private static Optional<String> payAt(List<String> output) {
    for (String line : output) {
      Matcher pay = PAY_AT.matcher(line);
      if (pay.find()) {
        assertThat(pay.group(1)).isEqualTo(server.baseUrl());
        return Optional.of(URLDecoder.decode(pay.group(2), StandardCharsets.UTF_8));
      }
    }
    return Optional.empty();
  }

  private static void read(Process process, List<String> output) {
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        output.add(line);
      }
    } catch (IOException e) {
      // The process was stopped.
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void theQuickStartIsAboutFifteenLinesOfCalls() throws IOException {
    // Imports and the class around it aside, a newcomer reads a screenful, not a tutorial.
    long lines =
        quickStart()
            .lines()
            .map(String::strip)
            .filter(line -> !line.isEmpty())
            .filter(line -> !line.startsWith("import ") && !line.startsWith("//"))
            .filter(line -> !line.equals("}") && !line.startsWith("public "))
            .count();
    assertThat(lines).isLessThanOrEqualTo(25);
  }
}
