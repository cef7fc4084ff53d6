package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppStatus;
import io.payonce.server.operator.OperatorAction;
import io.payonce.server.operator.OperatorAction.Kind;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.operator.OperatorRole;
import io.payonce.server.operator.Operators;
import io.payonce.server.testing.ChromeBrowser;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.webhook.DeliveryState;
import io.payonce.server.webhook.WebhookDeliveries;
import io.payonce.server.webhook.WebhookDelivery;
import io.payonce.server.webhook.WebhookPump;
import io.payonce.server.webhook.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/**
 * The console's apps and webhook deliveries pages in a real browser: an admin makes an app and sets
 * its webhook; the app takes a payment with its own credentials and channel account; its webhook's
 * delivery, with its attempts, is on the deliveries page (linked from the payment's timeline); an
 * operator resends it and refunds half of the payment; every step is recorded. An admin rotates an
 * app's secret and disables the app; a viewer and an operator are refused the apps page and its
 * actions. Both pages are photographed for the docs.
 */
@PayOnceIntegrationTest
class ConsoleAppsIntegrationTests {

  private static final String PASSWORD = "correct-horse-battery";
  private static final WebhookReceiver receiver = new WebhookReceiver();

  @RegisterExtension static final ChromeBrowser browser = new ChromeBrowser();

  @LocalServerPort int port;
  @Autowired Operators operators;
  @Autowired OperatorActions actions;
  @Autowired AppAdmin apps;
  @Autowired ApplicationContext context;
  @Autowired WebhookDeliveries deliveries;

  PayOnceHttp http;
  ConsoleSession console;

  @AfterAll
  static void stopReceiver() {
    receiver.close();
  }

  @BeforeEach
  void setUp() {
    browser.driver().manage().window().setSize(new Dimension(1280, 900));
    http = new PayOnceHttp(port);
    console = new ConsoleSession(browser.driver(), http.serverBase());
  }

  @Test
  void anAppMadeInTheConsoleIsPaidItsWebhookIsShownResentAndHalfOfItRefunded() {
    WebDriver driver = browser.driver();
    String name = "Tea shop " + System.nanoTime();
    String[] made = createApp(name);
    String appId = made[0];
    String secret = made[1];
    String hook = "/" + appId;

    // Each control is looked up when used: a row held across calls can be a stale node.
    inAppRow(appId, "webhook-url").sendKeys(receiver.url(hook));
    inAppRow(appId, "webhook-secret").sendKeys("whsec-" + appId);
    console.leaveBy(inAppRow(appId, "save-webhook"));

    assertThat(console.text("done")).isEqualTo("Saved.");
    assertThat(appRow(appId).findElement(By.className("webhook-url")).getAttribute("value"))
        .isEqualTo(receiver.url(hook));
    assertThat(appRow(appId).findElements(By.className("webhook-signed"))).hasSize(1);
    // Its own Alipay account (keys made and registered with the sandbox at its first use): the
    // console shows configurations, the admin API makes them.
    TestApps.giveAlipayAccount(apps, appId);
    console.open("/ops/apps");
    assertThat(appRow(appId).getText()).contains("ALIPAY");
    browser.documented("console", "apps");

    PayOnceHttp asApp = http.as(appId, secret);
    ConsoleSession.Payment paid = ConsoleSession.paidPayment(asApp, "10.00");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              WebhookPump.once(context);
              List<WebhookDelivery> sent = deliveries.ofOrder(paid.orderNo());
              return !sent.isEmpty()
                  && sent.stream().allMatch(d -> d.state() == DeliveryState.DELIVERED);
            });
    assertThat(receiver.ofOrder(paid.orderNo()).get(0).signature()).isNotBlank();

    String operator = newOperator("resender", OperatorRole.OPERATOR);
    console.signIn(operator, PASSWORD).open("/ops/payments/" + paid.outTradeNo());
    console.leaveBy(driver.findElement(By.id("order-webhooks")));
    WebElement delivery = deliveryRow();
    assertThat(delivery.getAttribute("data-state")).isEqualTo("DELIVERED");
    assertThat(delivery.getText()).contains(appId, receiver.url(hook), "HTTP 200", "SCHEDULE");
    int received = receiver.ofOrder(paid.orderNo()).size();

    console.leaveBy(delivery.findElement(By.className("resend")));

    assertThat(console.text("done")).isEqualTo("Resent: delivered.");
    assertThat(deliveryRow().findElements(By.className("attempt-row")))
        .hasSize(2)
        .last()
        .extracting(WebElement::getText)
        .asString()
        .contains("RESEND · " + operator, "HTTP 200", " ms");
    assertThat(receiver.ofOrder(paid.orderNo())).hasSize(received + 1);
    browser.documented("console", "webhooks");
    assertThat(recorded(Kind.RESEND_WEBHOOK, operator))
        .singleElement()
        .satisfies(a -> assertThat(a.after()).startsWith("DELIVERED after attempt 2"));

    console.open("/ops/payments/" + paid.outTradeNo());
    WebElement amount = driver.findElement(By.id("refund-amount"));
    amount.clear();
    amount.sendKeys("5.00");
    console.leaveBy(driver.findElement(By.id("refund-submit")));

    assertThat(console.text("done")).isEqualTo("Refunded.");
    assertThat(console.text("order-status")).isEqualTo("PARTIALLY_REFUNDED");
    assertThat(driver.findElements(By.cssSelector("tr.event[data-kind=OPERATOR]")))
        .singleElement()
        .extracting(WebElement::getText)
        .asString()
        .contains("REFUND by " + operator + " · DONE", "PARTIALLY_REFUNDED");
    assertThat(recorded(Kind.CREATE_APP, OpsCredential.USER))
        .anySatisfy(a -> assertThat(a.after()).isEqualTo("app " + appId + " ACTIVE"));
    assertThat(recorded(Kind.SET_APP_WEBHOOK, OpsCredential.USER))
        .filteredOn(a -> a.target().equals("app " + appId))
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.outcome()).isEqualTo(OperatorAction.Outcome.DONE);
              assertThat(a.after())
                  .isEqualTo("ACTIVE · webhook " + receiver.url(hook) + " (signed)");
              assertThat(a.before() + a.after()).doesNotContain("whsec-");
            });
  }

  @Test
  void anAdminRotatesAnAppsSecretAndDisablesTheApp() {
    String[] made = createApp("Rotating shop " + System.nanoTime());
    String appId = made[0];
    String first = made[1];

    console.leaveBy(appRow(appId).findElement(By.className("rotate")));

    assertThat(browser.driver().findElement(By.tagName("h1")).getText())
        .isEqualTo("New API secret");
    String second = console.text("new-app-secret");
    assertThat(second).isNotEqualTo(first);
    assertThat(http.as(appId, second).get(http.serverBase() + "/api/orders/none").status())
        .isEqualTo(404);
    console.open("/ops/apps");
    console.leaveBy(appRow(appId).findElement(By.className("toggle")));

    assertThat(console.text("done")).isEqualTo("Saved.");
    assertThat(appRow(appId).findElement(By.className("app-status")).getText())
        .isEqualTo("DISABLED");
    assertThat(apps.get(appId).status()).isEqualTo(AppStatus.DISABLED);
    assertThat(http.as(appId, second).get(http.serverBase() + "/api/orders/none").status())
        .isIn(401, 403);
    assertThat(recorded(Kind.ROTATE_APP_SECRET, OpsCredential.USER))
        .anySatisfy(a -> assertThat(a.target()).isEqualTo("app " + appId));
    assertThat(recorded(Kind.DISABLE_APP, OpsCredential.USER))
        .anySatisfy(a -> assertThat(a.before()).startsWith("ACTIVE"));
  }

  @Test
  void aWebhookUrlWithoutItsSecretIsRefused() {
    String appId = createApp("Unsigned shop " + System.nanoTime())[0];

    appRow(appId).findElement(By.className("webhook-url")).sendKeys(receiver.url("/unsigned"));
    console.leaveBy(appRow(appId).findElement(By.className("save-webhook")));

    assertThat(console.text("refused")).contains("needs its secret");
    assertThat(apps.get(appId).webhookUrl()).isNull();
  }

  @Test
  void aViewerAndAnOperatorAreRefusedTheAppsPageAndItsActions() {
    WebDriver driver = browser.driver();
    for (OperatorRole role : List.of(OperatorRole.VIEWER, OperatorRole.OPERATOR)) {
      console.signIn(newOperator(role.name().toLowerCase(), role), PASSWORD).open("/ops/webhooks");
      assertThat(driver.findElements(By.id("nav-apps"))).as(role.name()).isEmpty();
      assertThat(driver.findElements(By.id("nav-webhooks"))).as(role.name()).hasSize(1);

      console.open("/ops/apps");
      assertThat(console.text("denied")).isEqualTo("Not allowed");
      console.postForm("/ops/apps/" + TestApps.APP_ID + "/enabled", "enabled=false", true);
      assertThat(console.text("denied")).isEqualTo("Not allowed");
      console.open("/ops/webhooks");
      console.postForm("/ops/apps", "name=Forbidden", true);
      assertThat(console.text("denied")).isEqualTo("Not allowed");
    }
    console.open("/ops/webhooks");
    console.postForm("/ops/webhooks/999999999/resend", "", true);
    assertThat(console.text("refused")).isEqualTo("No such delivery.");
    assertThat(apps.get(TestApps.APP_ID).status()).isEqualTo(AppStatus.ACTIVE);
    assertThat(apps.list()).noneMatch(app -> app.name().equals("Forbidden"));
  }

  @Test
  void anAppFormPostedWithoutItsCsrfTokenIsRefused() {
    String name = "Forged shop " + System.nanoTime();
    console.asBootstrapAdmin().open("/ops/apps");

    console.postForm("/ops/apps", "name=" + name, false);

    assertThat(console.text("denied")).isEqualTo("Not allowed");
    assertThat(apps.list()).noneMatch(app -> app.name().equals(name));
  }

  @Test
  void aViewerIsRefusedAResend() {
    console.signIn(newOperator("viewer", OperatorRole.VIEWER), PASSWORD).open("/ops/webhooks");
    assertThat(browser.driver().findElements(By.className("resend"))).isEmpty();

    console.postForm("/ops/webhooks/999999999/resend", "", true);

    assertThat(console.text("denied")).isEqualTo("Not allowed");
  }

  /** Makes an app in the console as the bootstrap admin; answers its id and secret. */
  private String[] createApp(String name) {
    console.asBootstrapAdmin().open("/ops/apps");
    browser.driver().findElement(By.id("new-app-name")).sendKeys(name);
    console.leaveBy(browser.driver().findElement(By.id("create-app")));
    assertThat(console.text("once")).contains("shown this once");
    String[] made = {console.text("new-app-id"), console.text("new-app-secret")};
    assertThat(made[1]).isNotBlank();
    console.open("/ops/apps");
    assertThat(appRow(made[0]).getText()).contains(name, "ACTIVE");
    return made;
  }

  private WebElement inAppRow(String appId, String className) {
    return new org.openqa.selenium.support.ui.WebDriverWait(
            browser.driver(), java.time.Duration.ofSeconds(10))
        .ignoring(org.openqa.selenium.WebDriverException.class)
        .until(driver -> appRow(appId).findElement(By.className(className)));
  }

  private WebElement appRow(String appId) {
    return browser.driver().findElement(By.cssSelector("tr.app-row[data-app-id='" + appId + "']"));
  }

  /** The first delivery on the page (the order's first event's, to the app's webhook). */
  private WebElement deliveryRow() {
    return browser.driver().findElements(By.cssSelector("tr.delivery-row")).get(0);
  }

  private List<OperatorAction> recorded(Kind kind, String operator) {
    return actions.recent(200).stream()
        .filter(a -> a.action() == kind && a.operator().equals(operator))
        .toList();
  }

  private String newOperator(String prefix, OperatorRole role) {
    String name = prefix + System.nanoTime();
    operators.create(OpsCredential.USER, name, PASSWORD, role);
    return name;
  }
}
