package io.payonce.server.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.RawHttp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The end-to-end flows — order, precreate, pay in the sandbox wallet, notify, query, refund, close,
 * barcode pay, a forged notify, a refused refund — with DEBUG logging for PayOnce, the sandbox and
 * the SDKs (their own {@code sdk.*} loggers included), and every log line, stack traces included,
 * scanned for key material, signatures, secrets and card-like numbers. The Alipay SDK used to log
 * whole signed requests on {@code sdk.biz.err}.
 */
@PayOnceIntegrationTest
class SecretsInLogsIntegrationTests {

  private static final List<String> DEBUG_LOGGERS =
      List.of("io.payonce", "com.alipay", "sdk", "okhttp3", "org.apache.http");

  private static final Map<String, Pattern> FORBIDDEN = new LinkedHashMap<>();

  static {
    FORBIDDEN.put("PEM header", Pattern.compile("-----BEGIN|PRIVATE KEY|PUBLIC KEY"));
    FORBIDDEN.put("Base64 DER key", Pattern.compile("MII[A-Za-z0-9+/]{60,}"));
    // RSA2 signatures (344 characters), keys and secrets: long runs of Base64 that are not hex.
    FORBIDDEN.put("Base64 blob", Pattern.compile("[A-Za-z0-9+/]{64,}={0,2}"));
    FORBIDDEN.put(
        "signature parameter",
        Pattern.compile(
            "\\b(sign|signature)\\s*[=:]\\s*\"?[A-Za-z0-9+/]", Pattern.CASE_INSENSITIVE));
    FORBIDDEN.put("operator's credential", Pattern.compile("b3BzOnBheW9uY2U|ops:payonce"));
  }

  // Card brands' number ranges (Visa, Mastercard, Amex, JCB, UnionPay, Discover), Luhn-checked:
  // Alipay's app, seller and buyer ids (2016..., 2021..., 2088...) are not card numbers.
  private static final Pattern DIGITS =
      Pattern.compile(
          "(?<![0-9])(4[0-9]{12,18}|5[1-5][0-9]{14}|2[2-7][0-9]{14}|3[47][0-9]{13}|35[0-9]{14}"
              + "|62[0-9]{14,17}|6011[0-9]{12}|65[0-9]{14})(?![0-9])");
  private static final Pattern HEX = Pattern.compile("[0-9a-f]+");

  @LocalServerPort int port;

  private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
  private final Map<String, Level> levels = new LinkedHashMap<>();
  private AppenderBase<ILoggingEvent> appender;

  @BeforeEach
  void captureEveryLineAtDebug() {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    PatternLayout layout = new PatternLayout();
    layout.setContext(context);
    layout.setPattern("%level %logger %msg%n%ex{full}");
    layout.start();
    appender =
        new AppenderBase<>() {
          @Override
          protected void append(ILoggingEvent event) {
            lines.add(layout.doLayout(event));
          }
        };
    appender.setContext(context);
    appender.start();
    context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(appender);
    for (String name : DEBUG_LOGGERS) {
      Logger logger = context.getLogger(name);
      levels.put(name, logger.getLevel());
      logger.setLevel(Level.DEBUG);
    }
  }

  @AfterEach
  void restore() {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    context.getLogger(Logger.ROOT_LOGGER_NAME).detachAppender(appender);
    levels.forEach((name, level) -> context.getLogger(name).setLevel(level));
  }

  @Test
  void theFlowsLogNoKeySignatureSecretOrCardNumber() throws IOException {
    PayOnceHttp http = new PayOnceHttp(port);
    // Order, precreate, pay in the wallet, notify, query, refund (partial, then refused).
    String paid = http.createOrder("10.00");
    PayOnceHttp.Answer qr = http.precreate(paid);
    http.walletPay(qr.text("qrCode"));
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(paid)));
    http.query(paid);
    assertThat(http.refund(paid, "R1", "4.00").status()).isIn(200, 202);
    assertThat(http.refund(paid, "R2", "99.00").status()).isEqualTo(422);
    // An order closed before anyone scanned its code: Alipay answers the close with an error.
    String closed = http.createOrder("2.00");
    http.precreate(closed);
    http.close(closed);
    // Barcode pay with the sandbox's test code.
    String barcode = http.createOrder("3.00");
    http.barcode(barcode, "287777777777777777");
    // A forged notify, and one the web layer refuses.
    RawHttp raw = new RawHttp(port);
    List<String> form = List.of("Content-Type: application/x-www-form-urlencoded");
    raw.send(
        "POST",
        "/pay/alipay/notify",
        form,
        "out_trade_no="
            + qr.text("outTradeNo")
            + "&trade_status=TRADE_SUCCESS&sign="
            + "A".repeat(344));
    raw.send("POST", "/pay/alipay/notify", form, "sign=%zz");

    List<String> offending = offending(secretsOfThisRun());

    Files.write(Path.of("target", "secrets-in-logs.txt"), lines);
    assertThat(lines).as("log lines captured").anyMatch(line -> line.contains("outcome=APPLIED"));
    assertThat(offending).isEmpty();
  }

  /** The sandbox's platform key pair, as its data directory keeps it. */
  private static List<String> secretsOfThisRun() throws IOException {
    List<String> secrets = new ArrayList<>();
    Path keys = Path.of("target", "sandbox", "alipay-platform-key.properties");
    if (Files.exists(keys)) {
      Properties properties = new Properties();
      try (var in = Files.newInputStream(keys)) {
        properties.load(in);
      }
      properties.values().forEach(value -> secrets.add(value.toString().substring(0, 40)));
    }
    return secrets;
  }

  private List<String> offending(List<String> secrets) {
    List<String> found = new ArrayList<>();
    synchronized (lines) {
      for (String line : lines) {
        FORBIDDEN.forEach(
            (what, pattern) -> {
              Matcher matcher = pattern.matcher(line);
              while (matcher.find()) {
                if (!HEX.matcher(matcher.group()).matches()) {
                  found.add(what + ": " + shorten(line));
                  return;
                }
              }
            });
        secrets.stream()
            .filter(line::contains)
            .forEach(secret -> found.add("sandbox key: " + shorten(line)));
        Matcher digits = DIGITS.matcher(line);
        while (digits.find()) {
          if (luhn(digits.group())) {
            found.add("card-like number " + digits.group() + ": " + shorten(line));
          }
        }
      }
    }
    return found;
  }

  private static boolean luhn(String number) {
    int sum = 0;
    for (int i = 0; i < number.length(); i++) {
      int digit = number.charAt(number.length() - 1 - i) - '0';
      if (i % 2 == 1) {
        digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      }
      sum += digit;
    }
    return sum % 10 == 0;
  }

  private static String shorten(String line) {
    String one = line.replaceAll("\\s+", " ");
    return one.length() > 300 ? one.substring(0, 300) + "..." : one;
  }
}
