package io.payonce.server.app;

import io.payonce.server.db.DatabaseStartup;
import java.io.PrintStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * At start-up: the single-merchant settings of earlier versions become the bootstrap app ({@code
 * payonce.apps.bootstrap.*}, its webhook from {@code payonce.events.webhook.*}), and the embedded
 * profile's demo app is made once and its credentials printed to the console (not to the log).
 */
@Component
class AppBootstrap implements ApplicationRunner {

  static final String DEMO_APP_ID = AppProperties.DEMO_APP_ID;
  private static final Logger log = LoggerFactory.getLogger(AppBootstrap.class);

  private final Apps apps;
  private final AppProperties props;
  private final Environment env;
  private final DatabaseStartup startup;
  private final PrintStream console;

  @Autowired
  AppBootstrap(Apps apps, AppProperties props, Environment env, DatabaseStartup startup) {
    this(apps, props, env, startup, System.out);
  }

  AppBootstrap(
      Apps apps,
      AppProperties props,
      Environment env,
      DatabaseStartup startup,
      PrintStream console) {
    this.apps = apps;
    this.props = props;
    this.env = env;
    this.startup = startup;
    this.console = console;
  }

  /** Run again while the database cannot be reached (a failover while this instance starts). */
  @Override
  public void run(ApplicationArguments args) {
    startup.run("apps-bootstrap", this::bootstrap);
  }

  private void bootstrap() {
    AppProperties.Bootstrap bootstrap = props.bootstrap();
    if (bootstrap != null && bootstrap.configured()) {
      ensure(bootstrap.id(), bootstrap.name(), bootstrap.secret());
      String url = env.getProperty("payonce.events.webhook.url", "");
      if (!url.isBlank()) {
        apps.setWebhook(bootstrap.id(), url, env.getProperty("payonce.events.webhook.secret", ""));
      }
    }
    if (props.demo()) {
      printDemo();
    }
  }

  private void ensure(String appId, String name, String secret) {
    if (apps.find(appId).isEmpty()) {
      apps.create(appId, name, secret);
      log.info("app created appId={} from=payonce.apps.bootstrap", appId);
    } else {
      apps.ensureSecret(appId, secret);
    }
  }

  private void printDemo() {
    if (apps.find(DEMO_APP_ID).isEmpty()) {
      apps.create(DEMO_APP_ID, "Demo shop", apps.newSecret());
      log.info("app created appId={} from=payonce.apps.demo", DEMO_APP_ID);
    }
    // Without a webhook secret an order's notifyUrl would get nothing: the demo app has one.
    if (!apps.hasWebhookSecret(DEMO_APP_ID)) {
      String url = apps.find(DEMO_APP_ID).map(MerchantApp::webhookUrl).orElse(null);
      apps.setWebhook(DEMO_APP_ID, url, "whsec_" + apps.newSecret());
    }
    String secret = apps.secrets(DEMO_APP_ID).get(0);
    console.println(
        """

        PayOnce demo app (embedded profile only; sign API requests with it, see README.md):
          PAYONCE_APP_ID=%s
          PAYONCE_APP_SECRET=%s
          PAYONCE_WEBHOOK_SECRET=%s   (verifies the webhooks sent to an order's notifyUrl)
        """
            .formatted(DEMO_APP_ID, secret, apps.webhookSecret(DEMO_APP_ID).orElseThrow()));
  }
}
