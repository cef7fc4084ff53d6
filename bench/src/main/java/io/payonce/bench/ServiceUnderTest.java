package io.payonce.bench;

import com.zaxxer.hikari.HikariDataSource;
import io.payonce.server.PayOnceApplication;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The PayOnce server started in this JVM on a random loopback port against one bench database, with
 * the in-process sandbox playing Alipay under the bench's platform key. The sandbox sends no notify
 * of its own: no buyer ever scans a bench QR code, so no trade exists to notify about.
 */
final class ServiceUnderTest implements AutoCloseable {

  static final String APP_ID = "2021000000000001";
  static final String SELLER_ID = "2088000000000001";

  private final ConfigurableApplicationContext context;

  private ServiceUnderTest(ConfigurableApplicationContext context) {
    this.context = context;
  }

  static ServiceUnderTest start(BenchDatabase db, PlatformKeys keys, Path sandboxDir, int pool) {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("server.port", "0");
    props.put("server.address", "127.0.0.1");
    props.put("spring.main.banner-mode", "off");
    props.put("spring.datasource.url", db.url(Variant.SERVICE));
    props.put("spring.datasource.username", db.user());
    props.put("spring.datasource.password", db.password());
    props.put("spring.datasource.hikari.maximum-pool-size", String.valueOf(pool));
    props.put("payonce.sandbox.enabled", "true");
    props.put("payonce.sandbox.data-dir", sandboxDir.toString());
    props.put("payonce.sandbox.alipay.platform-private-key", keys.privateKeyBase64());
    props.put("payonce.sandbox.alipay.platform-public-key", keys.publicKeyBase64());
    props.put("payonce.alipay.app-id", APP_ID);
    props.put("payonce.alipay.seller-id", SELLER_ID);
    props.put(
        "payonce.alipay.gateway-url",
        "http://127.0.0.1:${local.server.port}/sandbox/alipay/gateway.do");
    props.put(
        "payonce.alipay.notify-url", "http://127.0.0.1:${local.server.port}/pay/alipay/notify");
    // Background sweeps would query the channel about the bench's unpaid QR codes as they age:
    // work no operation asked for, counted in whichever operation runs at the time.
    props.put("payonce.janitor.enabled", "false");
    props.put("payonce.refund.janitor-enabled", "false");
    // The outbox relay publishes in batches on its own schedule, off the request path: its commits
    // are per batch, not per operation, and would blur the per-operation flush counts.
    props.put("payonce.events.relay.enabled", "false");
    props.put("logging.level.root", "WARN");
    props.put("logging.level.io.payonce", "WARN");
    // The driver logs every duplicate key, and duplicates are what half the operations are.
    props.put("logging.level.org.mariadb.jdbc", "ERROR");
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(PayOnceApplication.class)
            .web(WebApplicationType.SERVLET)
            // Any profile but "embedded": its H2 datasource and port must not apply.
            .profiles("bench")
            .properties(props)
            .run();
    return new ServiceUnderTest(context);
  }

  int port() {
    return Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
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
