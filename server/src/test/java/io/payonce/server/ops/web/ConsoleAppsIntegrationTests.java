package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppStatus;
import io.payonce.server.channel.Channel;
import io.payonce.server.operator.OperatorAction;
import io.payonce.server.operator.OperatorAction.Kind;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.operator.OperatorRole;
import io.payonce.server.operator.Operators;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderService;
import io.payonce.server.payment.Payments;
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
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/**
 * The console's apps and webhook deliveries pages in a real browser: an admin makes an app, sets
 * its webhook and its own Alipay account in the console; the demo shop sells as that app and the
 * buyer pays in the sandbox wallet; the webhook's delivery, with its attempts, is on the deliveries
 * page (linked from the payment's timeline); an operator resends it and refunds half of the
 * payment; every step is recorded and on the timeline. Channel accounts are refused, replaced and
 * removed through the forms. An admin rotates an app's secret and disables the app; a viewer and an
 * operator are refused the apps page and its actions. Both pages are photographed for the docs.
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
  @Autowired Payments payments;
  @Autowired OrderService orders;

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

  /**
   * The "done when", through the pages only, as the README's walk-through tells it: the
   * demo admin makes an app, sets its webhook and its Alipay account (keys left to the sandbox);
   * the demo shop sells as that app and the buyer pays in the sandbox wallet; an operator sees the
   * webhook's delivery, resends it, refunds half from the console, and every step is on the
   * payment's timeline.
   */
  @Test
  void anAppMadeInTheConsoleSellsInTheShopItsWebhookIsResentAndHalfOfItRefunded() {
    WebDriver driver = browser.driver();
    String name = "Tea shop " + System.nanoTime();
    String appId = createApp(name)[0];
    String hook = "/" + appId;

    // Each control is looked up when used: a row held across calls can be a stale node.
    inAppRow(appId, "webhook-url").sendKeys(receiver.url(hook));
    inAppRow(appId, "webhook-secret").sendKeys("whsec-" + appId);
    console.leaveBy(inAppRow(appId, "save-webhook"));

    assertThat(console.text("done")).isEqualTo("Saved.");
    assertThat(appRow(appId).findElement(By.className("webhook-url")).getAttribute("value"))
        .isEqualTo(receiver.url(hook));
    assertThat(appRow(appId).findElements(By.className("webhook-signed"))).hasSize(1);

    // Its own Alipay account: the Alipay app id only — against the sandbox the keys are made and
    // registered at the first payment.
    String alipayAppId = "2098" + String.format("%012d", System.nanoTime() % 1_000_000_000_000L);
    inAppRow(appId, "set-alipay").click();
    inAppRow(appId, "alipay-app-id").sendKeys(alipayAppId);
    showInTheMiddle(appRow(appId).findElement(By.className("alipay-form")));
    browser.documented("console", "apps-alipay-form");
    console.leaveBy(inAppRow(appId, "save-alipay"));

    assertThat(console.text("done")).startsWith("Saved: the app's new payments");
    assertThat(appRow(appId).findElement(By.cssSelector(".channel[data-channel=ALIPAY]")).getText())
        .contains("ALIPAY", alipayAppId, "v1", "merchantKeys");
    showInTheMiddle(appRow(appId));
    browser.documented("console", "apps");

    // The demo shop, selling as the new app; the buyer pays in the sandbox wallet.
    console.open("/");
    new Select(driver.findElement(By.id("shop-app"))).selectByValue(appId);
    WebElement title = driver.findElement(By.name("title"));
    title.clear();
    title.sendKeys("Green tea");
    WebElement price = driver.findElement(By.name("amount"));
    price.clear();
    price.sendKeys("10.00");
    browser.documented("console", "shop-as-app");
    console.leaveBy(driver.findElement(By.id("buy")));
    String outTradeNo = payInTheSandboxWallet();
    Order order =
        orders
            .findById(payments.findByOutTradeNo(outTradeNo).orElseThrow().orderId())
            .orElseThrow();
    assertThat(order.appId()).isEqualTo(appId);
    String orderNo = order.orderNo();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              WebhookPump.once(context);
              List<WebhookDelivery> sent = deliveries.ofOrder(orderNo);
              return !sent.isEmpty()
                  && sent.stream().allMatch(d -> d.state() == DeliveryState.DELIVERED);
            });
    assertThat(receiver.ofOrder(orderNo).get(0).signature()).isNotBlank();

    String operator = newOperator("resender", OperatorRole.OPERATOR);
    console.signIn(operator, PASSWORD).open("/ops/payments/" + outTradeNo);
    assertThat(console.text("order-status")).isEqualTo("PAID");
    console.leaveBy(driver.findElement(By.id("order-webhooks")));
    WebElement delivery = deliveryRow();
    assertThat(delivery.getAttribute("data-state")).isEqualTo("DELIVERED");
    assertThat(delivery.getText()).contains(appId, receiver.url(hook), "HTTP 200", "SCHEDULE");
    int received = receiver.ofOrder(orderNo).size();

    console.leaveBy(delivery.findElement(By.className("resend")));

    assertThat(console.text("done")).isEqualTo("Resent: delivered.");
    assertThat(deliveryRow().findElements(By.className("attempt-row")))
        .hasSize(2)
        .last()
        .extracting(WebElement::getText)
        .asString()
        .contains("RESEND · " + operator, "HTTP 200", " ms");
    assertThat(receiver.ofOrder(orderNo)).hasSize(received + 1);
    browser.documented("console", "webhooks");
    assertThat(recorded(Kind.RESEND_WEBHOOK, operator))
        .singleElement()
        .satisfies(a -> assertThat(a.after()).startsWith("DELIVERED after attempt 2"));

    console.open("/ops/payments/" + outTradeNo);
    WebElement amount = driver.findElement(By.id("refund-amount"));
    amount.clear();
    amount.sendKeys("5.00");
    console.leaveBy(driver.findElement(By.id("refund-submit")));

    assertThat(console.text("done")).isEqualTo("Refunded.");
    assertThat(console.text("order-status")).isEqualTo("PARTIALLY_REFUNDED");
    List<String> operatorRows =
        driver.findElements(By.cssSelector("tr.event[data-kind=OPERATOR]")).stream()
            .map(WebElement::getText)
            .toList();
    assertThat(operatorRows)
        .anySatisfy(row -> assertThat(row).contains("RESEND_WEBHOOK by " + operator + " · DONE"))
        .anySatisfy(
            row ->
                assertThat(row)
                    .contains("REFUND by " + operator + " · DONE", "5.00 → SUCCESS")
                    .contains("PARTIALLY_REFUNDED"));
    assertThat(recorded(Kind.REFUND, operator))
        .singleElement()
        .satisfies(
            a ->
                assertThat(a.target())
                    .startsWith("order " + appId + "/" + orderNo + " refund OPS")
                    .endsWith(" of 5.00"));
    // The whole timeline in one picture: a window as tall as the page, then back.
    driver.manage().window().setSize(new Dimension(1280, 2400));
    browser.documented("console", "app-timeline");
    driver.manage().window().setSize(new Dimension(1280, 900));
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
    assertThat(recorded(Kind.PUT_CHANNEL_CONFIG, OpsCredential.USER))
        .filteredOn(a -> a.target().equals("app " + appId))
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.outcome()).isEqualTo(OperatorAction.Outcome.DONE);
              assertThat(a.before()).isEqualTo("no ALIPAY account");
              assertThat(a.after()).startsWith("ALIPAY account " + alipayAppId + " {");
            });
  }

  @Test
  void anAlipayAccountWithAKeyThatDoesNotParseIsRefusedNamingTheFieldAndOneIsReplacedAndRemoved() {
    String appId = createApp("Keyed shop " + System.nanoTime())[0];
    String alipayAppId = "2099" + String.format("%012d", System.nanoTime() % 1_000_000_000_000L);

    inAppRow(appId, "set-alipay").click();
    inAppRow(appId, "alipay-app-id").sendKeys(alipayAppId);
    inAppRow(appId, "alipay-private-key").sendKeys("not a key");
    console.leaveBy(inAppRow(appId, "save-alipay"));

    assertThat(console.text("refused")).startsWith("Check the channel account");
    assertThat(console.text("refused-field")).isEqualTo("privateKey");
    assertThat(apps.channel(appId, Channel.ALIPAY)).isEmpty();
    assertThat(browser.driver().getPageSource()).doesNotContain("not a key");

    inAppRow(appId, "set-alipay").click();
    inAppRow(appId, "alipay-app-id").sendKeys(alipayAppId);
    console.leaveBy(inAppRow(appId, "save-alipay"));
    inAppRow(appId, "set-alipay").click();
    inAppRow(appId, "alipay-app-id").sendKeys(alipayAppId + "1");
    inAppRow(appId, "alipay-seller-id").sendKeys("2088000000000001");
    console.leaveBy(inAppRow(appId, "save-alipay"));

    assertThat(apps.channel(appId, Channel.ALIPAY))
        .hasValueSatisfying(c -> assertThat(c.accountId()).isEqualTo(alipayAppId + "1"));
    assertThat(appRow(appId).findElements(By.cssSelector(".channel[data-channel=ALIPAY]")))
        .hasSize(2);
    console.leaveBy(inAppRow(appId, "remove-channel"));

    assertThat(console.text("done")).startsWith("Removed");
    assertThat(apps.channel(appId, Channel.ALIPAY)).isEmpty();
    assertThat(recorded(Kind.PUT_CHANNEL_CONFIG, OpsCredential.USER))
        .filteredOn(a -> a.target().equals("app " + appId))
        .extracting(a -> a.outcome() + " " + a.after())
        .containsExactlyInAnyOrder(
            "FAILED refused: invalid-channel-settings",
            "DONE ALIPAY account "
                + alipayAppId
                + " {appId="
                + alipayAppId
                + ", merchantKeys=generated at first use, registered with the sandbox}",
            "DONE ALIPAY account "
                + alipayAppId
                + "1 {appId="
                + alipayAppId
                + "1, merchantKeys=generated at first use, registered with the sandbox,"
                + " sellerId=2088000000000001}");
    assertThat(recorded(Kind.REMOVE_CHANNEL_CONFIG, OpsCredential.USER))
        .filteredOn(a -> a.target().equals("app " + appId))
        .singleElement()
        .satisfies(a -> assertThat(a.after()).isEqualTo("ALIPAY configuration removed"));
  }

  @Test
  void aWechatMerchantIsSetFromTheConsoleWithItsKeysLeftToTheSandbox() {
    String appId = createApp("Wechat shop " + System.nanoTime())[0];
    String mchid = "19" + String.format("%08d", System.nanoTime() % 100_000_000L);

    inAppRow(appId, "set-wechat").click();
    inAppRow(appId, "wechat-mchid").sendKeys(mchid);
    inAppRow(appId, "wechat-appid").sendKeys("wx" + appId.replace("app_", "").substring(0, 8));
    console.leaveBy(inAppRow(appId, "save-wechat"));

    assertThat(console.text("done")).startsWith("Saved");
    assertThat(apps.channel(appId, Channel.WECHAT))
        .hasValueSatisfying(c -> assertThat(c.accountId()).isEqualTo(mchid));
    assertThat(appRow(appId).findElement(By.cssSelector(".channel[data-channel=WECHAT]")).getText())
        .contains(mchid);
  }

  /**
   * On the cashier the shop opened: asks for the Alipay code, pays it in the sandbox wallet's tab,
   * and answers the payment's number once the cashier shows it paid.
   */
  private String payInTheSandboxWallet() {
    WebDriver driver = browser.driver();
    browser.waitUpTo(Duration.ofSeconds(15)).until(d -> "READY".equals(browser.state("cashier")));
    driver.findElement(By.id("pay")).click();
    browser.waitUpTo(Duration.ofSeconds(15)).until(d -> "WAITING".equals(browser.state("cashier")));
    String cashier = driver.getWindowHandle();
    String wallet = driver.findElement(By.id("wallet")).getDomProperty("href");
    driver.switchTo().newWindow(WindowType.TAB).get(wallet);
    WebElement pay = driver.findElement(By.id("pay"));
    browser.waitUpTo(Duration.ofSeconds(10)).until(ExpectedConditions.elementToBeClickable(pay));
    pay.click();
    browser
        .waitUpTo(Duration.ofSeconds(10))
        .until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "Paid"));
    driver.close();
    driver.switchTo().window(cashier);
    browser.waitUpTo(Duration.ofSeconds(15)).until(d -> "PAID".equals(browser.state("cashier")));
    return console.text("paid-out-trade-no");
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
      console.open("/ops/webhooks");
      console.postForm(
          "/ops/apps/" + TestApps.APP_ID + "/channels/alipay", "appId=2097000000000099", true);
      assertThat(console.text("denied")).isEqualTo("Not allowed");
    }
    console.open("/ops/webhooks");
    console.postForm("/ops/webhooks/999999999/resend", "", true);
    assertThat(console.text("refused")).isEqualTo("No such delivery.");
    assertThat(apps.get(TestApps.APP_ID).status()).isEqualTo(AppStatus.ACTIVE);
    assertThat(apps.list()).noneMatch(app -> app.name().equals("Forbidden"));
    assertThat(apps.channel(TestApps.APP_ID, Channel.ALIPAY)).isEmpty();
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

  /** Scrolls the page so that the element is in the middle of the window (for a screenshot). */
  private void showInTheMiddle(WebElement element) {
    ((JavascriptExecutor) browser.driver())
        .executeScript("arguments[0].scrollIntoView({block: 'center'});", element);
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
