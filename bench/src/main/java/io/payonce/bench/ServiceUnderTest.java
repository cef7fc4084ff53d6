package io.payonce.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.payonce.sandbox.alipay.AlipaySandbox;
import io.payonce.server.PayOnceApplication;
import io.payonce.server.audit.AuditTrail;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;

/**
 * The PayOnce server started in this JVM on a random loopback port against one bench database, with
 * the in-process sandbox playing Alipay under the bench's platform key. The sandbox sends no notify
 * of its own: no buyer ever scans a bench QR code, so no trade exists to notify about.
 *
 * <p>The bench's settings are passed as command-line arguments, which outrank {@code
 * application.yml} (properties given to {@code SpringApplicationBuilder.properties} are only
 * defaults, and lose to it). Each is read back from the running context and the start fails when
 * one did not take effect.
 */
final class ServiceUnderTest implements AutoCloseable {

  static final String APP_ID = "2021000000000001";
  static final String SELLER_ID = "2088000000000001";

  // Keys are long and one is private, the password is secret: those are shown by length.
  private static final Set<String> BY_LENGTH = Set.of("-key", "password", "secret");

  private final ConfigurableApplicationContext context;
  private final Map<String, String> effective;

  private ServiceUnderTest(ConfigurableApplicationContext context, Map<String, String> effective) {
    this.context = context;
    this.effective = effective;
  }

  static ServiceUnderTest start(BenchDatabase db, PlatformKeys keys, Path sandboxDir, int pool) {
    return start(settings(db, keys, sandboxDir, pool));
  }

  /**
   * The settings of a server with its whole event pipeline on: the outbox relay and the webhook
   * dispatcher, the bench app's webhooks going to {@code webhookUrl} signed with {@code
   * webhookSecret}. The sustained bench starts it in a JVM of its own (ServerProcess).
   */
  static Map<String, String> pipelineSettings(
      BenchDatabase db,
      PlatformKeys keys,
      Path sandboxDir,
      int pool,
      String webhookUrl,
      String webhookSecret) {
    Map<String, String> settings = settings(db, keys, sandboxDir, pool);
    settings.put("payonce.events.relay.enabled", "true");
    settings.put("payonce.events.webhook.url", webhookUrl);
    settings.put("payonce.events.webhook.secret", webhookSecret);
    return settings;
  }

  static ServiceUnderTest start(Map<String, String> settings) {
    ConfigurableApplicationContext context =
        // BareEndpoints is the bench's own: B2's bare endpoints, served by the same filter chain.
        new SpringApplicationBuilder(PayOnceApplication.class, BareEndpoints.class)
            .web(WebApplicationType.SERVLET)
            // Any profile but "embedded": its H2 datasource and port must not apply.
            .profiles("bench")
            .run(arguments(settings));
    try {
      return new ServiceUnderTest(context, readBack(context, settings));
    } catch (RuntimeException e) {
      context.close();
      throw e;
    }
  }

  /** What the bench needs of the server, as {@code name -> value}. */
  static Map<String, String> settings(
      BenchDatabase db, PlatformKeys keys, Path sandboxDir, int pool) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("server.port", "0");
    props.put("server.address", "127.0.0.1");
    props.put("spring.main.banner-mode", "off");
    props.put("spring.datasource.url", db.url(Variant.SERVICE));
    props.put("spring.datasource.username", db.user());
    props.put("spring.datasource.password", db.password());
    props.put("spring.datasource.hikari.maximum-pool-size", String.valueOf(pool));
    props.put("payonce.sandbox.enabled", "true");
    // The bench signs its API calls as this app (ServiceClient); a throwaway master key.
    props.put("payonce.apps.master-key", ServiceClient.MASTER_KEY);
    props.put("payonce.apps.bootstrap.id", ServiceClient.APP_ID);
    props.put("payonce.apps.bootstrap.secret", ServiceClient.SECRET);
    // The sandbox would otherwise rewrite its whole ledger to a file four times a second.
    props.put("payonce.sandbox.persistence", "false");
    props.put("payonce.sandbox.data-dir", sandboxDir.toString());
    props.put("payonce.sandbox.alipay.platform-private-key", keys.privateKeyBase64());
    props.put("payonce.sandbox.alipay.platform-public-key", keys.publicKeyBase64());
    props.put("payonce.alipay.app-id", APP_ID);
    props.put("payonce.alipay.seller-id", SELLER_ID);
    props.put(
        "payonce.alipay.gateway-url",
        "http://127.0.0.1:${local.server.port}/sandbox/alipay/gateway.do");
    // The merchant's keys are registered with the in-process sandbox at the first use, as the
    // embedded profile does (the server links no sandbox class).
    props.put("payonce.alipay.sandbox-url", "http://127.0.0.1:${local.server.port}");
    props.put(
        "payonce.alipay.notify-url", "http://127.0.0.1:${local.server.port}/pay/alipay/notify");
    // Background sweeps would query the channel about the bench's unpaid QR codes as they age:
    // work no operation asked for, counted in whichever operation runs at the time.
    props.put("payonce.janitor.enabled", "false");
    props.put("payonce.refund.janitor-enabled", "false");
    // The outbox relay publishes in batches on its own schedule, off the request path: its commits
    // are per batch, not per operation, and would blur the per-operation flush counts.
    props.put("payonce.events.relay.enabled", "false");
    // Housekeeping that would find nothing to do, but could commit in a measurement if it ran.
    props.put("payonce.pay-token.purge-interval", "P1D");
    props.put("payonce.idempotency.reap-interval", "P1D");
    props.put("payonce.reconcile.resume-every", "P1D");
    props.put("payonce.reconcile.cron", "-");
    // The limiter stays on (its cost is part of a request's) but never refuses the bench's load.
    props.put("payonce.rate-limit.per-client", "1000000000");
    props.put("payonce.rate-limit.per-buyer", "1000000000");
    props.put("logging.level.root", "WARN");
    props.put("logging.level.io.payonce", "WARN");
    // The driver logs every duplicate key, and duplicates are what half the operations are.
    props.put("logging.level.org.mariadb.jdbc", "ERROR");
    return props;
  }

  static String[] arguments(Map<String, String> settings) {
    return settings.entrySet().stream()
        .map(e -> "--" + e.getKey() + "=" + e.getValue())
        .toArray(String[]::new);
  }

  /**
   * Each setting as the running server sees it; throws naming those that are not what was asked,
   * and when the relay, which the bench switches off, is wired all the same.
   */
  static Map<String, String> readBack(
      ConfigurableApplicationContext context, Map<String, String> settings) {
    Environment env = context.getEnvironment();
    Map<String, String> effective = new LinkedHashMap<>();
    StringBuilder wrong = new StringBuilder();
    settings.forEach(
        (name, asked) -> {
          String expected = env.resolvePlaceholders(asked);
          String actual = env.getProperty(name);
          effective.put(name, actual);
          if (!expected.equals(actual)) {
            wrong.append("\n  ").append(name).append(": asked ").append(shown(name, expected));
            wrong.append(", got ").append(shown(name, actual));
          }
        });
    List<String> profiles = Arrays.asList(env.getActiveProfiles());
    if (profiles.contains("embedded")) {
      wrong.append("\n  the embedded profile is active: ").append(profiles);
    }
    boolean relayAsked = "true".equals(settings.get("payonce.events.relay.enabled"));
    if (context.containsBean("outboxRelayScheduler") != relayAsked) {
      wrong
          .append("\n  the outbox relay's schedule is not as asked (")
          .append(relayAsked)
          .append(')');
    }
    if (!wrong.isEmpty()) {
      throw new IllegalStateException("the server did not take the bench's settings:" + wrong);
    }
    return effective;
  }

  /** The settings as read back from the running server, keys and passwords by length only. */
  Map<String, String> effectiveSettings() {
    Map<String, String> shown = new LinkedHashMap<>();
    effective.forEach((name, value) -> shown.put(name, shown(name, value)));
    shown.put("(active profiles)", String.join(",", context.getEnvironment().getActiveProfiles()));
    shown.put(
        "(outbox relay scheduled)", String.valueOf(context.containsBean("outboxRelayScheduler")));
    return shown;
  }

  private static String shown(String name, String value) {
    if (value == null) {
      return "(unset)";
    }
    boolean byLength = BY_LENGTH.stream().anyMatch(name::endsWith);
    return byLength && !value.isEmpty() ? "(" + value.length() + " characters)" : value;
  }

  /**
   * Writes the audit rows the server has queued and waits until {@code channel_call} and {@code
   * notify_receipt} hold at least {@code rows} together: the AuditTrail's writer may be lingering
   * over a batch it already took from the queue, which only the database can tell has landed.
   */
  void drainAudit(Connection monitor, long rows) throws Exception {
    context.getBean(AuditTrail.class).flush();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (AuditRows.count(monitor) < rows) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the server's audit rows did not land within 30 s");
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
    }
  }

  /** The in-process sandbox, for Bch to register an app of its own. */
  AlipaySandbox sandbox() {
    return context.getBean(AlipaySandbox.class);
  }

  int port() {
    return Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
  }

  /** The server's connection pool, to watch how many connections are in use and awaited. */
  com.zaxxer.hikari.HikariPoolMXBean pool() throws java.sql.SQLException {
    return context.getBean(DataSource.class).unwrap(HikariDataSource.class).getHikariPoolMXBean();
  }

  /** Closes the pool's connections, so that PostgreSQL reports their WAL statistics. */
  void closeConnections() throws java.sql.SQLException {
    context
        .getBean(DataSource.class)
        .unwrap(HikariDataSource.class)
        .getHikariPoolMXBean()
        .softEvictConnections();
  }

  @Override
  public void close() {
    context.close();
  }
}
