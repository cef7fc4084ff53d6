package io.payonce.client;

import io.payonce.server.PayOnceApplication;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The PayOnce server as a merchant meets it, started once in this JVM for every client test: the
 * embedded profile (the in-process sandbox plays Alipay and WeChat Pay) on a random loopback port,
 * an H2 database in memory, an app the tests sign as, and its webhook pointed at {@link
 * WebhookInbox}. Settings go as command-line arguments, which outrank the profile's file.
 */
final class EmbeddedServer {

  static final String APP_ID = "client-tests";
  static final String SECRET = "client-tests-secret-0123456789abcdef0123456789";
  static final String WEBHOOK_SECRET = "whsec-client-tests-0123456789abcdef";
  // A throwaway master key (Base64 of 32 bytes) for the in-memory database.
  private static final String MASTER_KEY = "Y2xpZW50LXRlc3RzLW1hc3Rlci1rZXktMzItYnl0ZXM=";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static EmbeddedServer started;

  private final ConfigurableApplicationContext context;
  private final WebhookInbox inbox;
  private final String baseUrl;
  private final HttpClient http = HttpClient.newHttpClient();

  private EmbeddedServer(ConfigurableApplicationContext context, WebhookInbox inbox) {
    this.context = context;
    this.inbox = inbox;
    this.baseUrl = "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
  }

  /** The server, started at the first call; Spring's shutdown hook stops it with the JVM. */
  static synchronized EmbeddedServer get() {
    if (started == null) {
      started = start();
    }
    return started;
  }

  private static EmbeddedServer start() {
    WebhookInbox inbox = WebhookInbox.start();
    // Under the module's target/, like the server tests' sandbox key: a build keeps it to itself.
    Path dataDir = Path.of("target", "sandbox-" + UUID.randomUUID());
    List<String> args = new ArrayList<>();
    Map.ofEntries(
            Map.entry("server.port", "0"),
            Map.entry("server.address", "127.0.0.1"),
            Map.entry("spring.main.banner-mode", "off"),
            Map.entry(
                "spring.datasource.url",
                "jdbc:h2:mem:client-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1"),
            Map.entry("payonce.apps.master-key", MASTER_KEY),
            Map.entry("payonce.apps.generate-master-key", "false"),
            Map.entry("payonce.apps.demo", "false"),
            Map.entry("payonce.apps.bootstrap.id", APP_ID),
            Map.entry("payonce.apps.bootstrap.name", "Client tests"),
            Map.entry("payonce.apps.bootstrap.secret", SECRET),
            Map.entry("payonce.events.webhook.url", inbox.url()),
            Map.entry("payonce.events.webhook.secret", WEBHOOK_SECRET),
            Map.entry("payonce.sandbox.persistence", "false"),
            Map.entry("payonce.sandbox.data-dir", dataDir.toString()),
            Map.entry("payonce.sandbox.alipay.notify.time-scale", "0.00001"),
            Map.entry("payonce.rate-limit.enabled", "false"),
            Map.entry("logging.level.root", "WARN"),
            Map.entry("logging.level.io.payonce", "WARN"))
        .forEach((name, value) -> args.add("--" + name + "=" + value));
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(PayOnceApplication.class)
            .profiles("embedded")
            .run(args.toArray(String[]::new));
    return new EmbeddedServer(context, inbox);
  }

  String baseUrl() {
    return baseUrl;
  }

  WebhookInbox webhooks() {
    return inbox;
  }

  JdbcClient jdbc() {
    return context.getBean(JdbcClient.class);
  }

  /** A client of the tests' app, with the given retries. */
  PayOnceClient client(RetryPolicy retries) {
    return client(baseUrl, retries);
  }

  static PayOnceClient client(String baseUrl, RetryPolicy retries) {
    return PayOnceClient.builder()
        .baseUrl(baseUrl)
        .appId(APP_ID)
        .secret(SECRET)
        .requestTimeout(Duration.ofSeconds(30))
        .retries(retries)
        .build();
  }

  /** The buyer scans and pays a QR code in the sandbox's wallet, whichever channel issued it. */
  void walletPay(String qrCode) {
    JsonNode answer =
        post("/sandbox/wallet/pay", Map.of("qrCode", qrCode, "buyerId", "2088102146225135"));
    if (answer == null) {
      throw new IllegalStateException("the sandbox wallet did not pay " + qrCode);
    }
  }

  /** The merchant's app hands the order string to Alipay's SDK: the buyer's Alipay app pays it. */
  void alipayAppPay(String orderString) {
    if (post("/sandbox/alipay/wallet/app-pay", Map.of("orderString", orderString)) == null) {
      throw new IllegalStateException("the sandbox's Alipay app did not pay " + orderString);
    }
  }

  /** The server's OpenAPI document. */
  JsonNode apiDocument() {
    return JSON.readTree(
        send(HttpRequest.newBuilder(URI.create(baseUrl + "/v3/api-docs")).GET().build()).body());
  }

  /** The sandbox's record of its Alipay gateway calls for one number and method. */
  List<JsonNode> sandboxCalls(String outTradeNo, String method) {
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(
                    URI.create(
                        baseUrl
                            + "/sandbox/alipay/calls?outTradeNo="
                            + outTradeNo
                            + "&method="
                            + method))
                .GET()
                .build());
    return JSON.readTree(response.body()).valueStream().toList();
  }

  private JsonNode post(String path, Object body) {
    HttpResponse<String> response =
        send(
            HttpRequest.newBuilder(URI.create(baseUrl + path))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        JSON.writeValueAsString(body), StandardCharsets.UTF_8))
                .build());
    return response.statusCode() == 200 ? JSON.readTree(response.body()) : null;
  }

  private HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
