package io.payonce.server.cashier.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.ChromeBrowser;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The cashier offers what fits the buyer's device, each device emulated in Chromium (its
 * User-Agent, client hints and screen): a desktop gets the QR codes and the channels' websites, a
 * phone the channels' mobile pages first, an app's in-app browser the QR codes only. A page product
 * is paid end to end on the sandbox's cashier page, back to the cashier, which turns Paid from the
 * polled status; switching products closes the other one first.
 */
@PayOnceIntegrationTest
class CashierDevicesIntegrationTests {

  private static final String DESKTOP_UA =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)"
          + " Chrome/120.0.0.0 Safari/537.36";
  private static final String PHONE_UA =
      "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko)"
          + " Chrome/120.0.0.0 Mobile Safari/537.36";
  private static final String IN_APP_UA = PHONE_UA + " AlipayClient/10.5.36.8100 Language/zh-Hans";
  private static final String WECHAT_UA = PHONE_UA + " MicroMessenger/8.0.40.2420 NetType/WIFI";
  private static final String CHECKOUT_PAGE = "/sandbox/alipay/checkout/";
  private static final Duration SETTLES = Duration.ofSeconds(20);

  @RegisterExtension static final ChromeBrowser browser = new ChromeBrowser();

  @LocalServerPort int port;
  PayOnceHttp server;
  ChromeDriver driver;

  @BeforeEach
  void setUp() {
    server = new PayOnceHttp(port);
    driver = (ChromeDriver) browser.driver();
  }

  @AfterEach
  void tearDown() {
    server.calm();
    driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
    emulate(DESKTOP_UA, false);
  }

  @Test
  void aDesktopIsOfferedTheCodesAndTheWebsitesAndPaysOnTheChannelsWebsite() {
    emulate(DESKTOP_UA, false);
    String orderNo = server.createOrder("12.80", "Desk lamp");
    String cashier = openCashier(orderNo);
    awaitState("READY");

    assertThat(driver.findElement(By.id("cashier")).getDomAttribute("data-device"))
        .isEqualTo("DESKTOP");
    assertThat(offeredKinds()).startsWith("QR").endsWith("WEB").doesNotContain("MOBILE_WEB");
    assertThat(text("pay-alipay-web")).isEqualTo("Pay on Alipay's website");
    browser.screenshot("cashier-devices-desktop");

    driver.findElement(By.id("pay-alipay-web")).click();

    awaitChannelPage();
    logInOnChannelPage();
    payOnChannelPage();
    awaitCashierPaid(cashier);
    JsonNode payment = state(cashier).path("payment");
    assertThat(payment.path("kind").asString()).isEqualTo("WEB");
    assertThat(text("paid-channel")).isEqualTo("Alipay");
    assertThat(text("paid-out-trade-no")).isEqualTo(payment.path("outTradeNo").asString());
    assertThat(server.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(server.payments(orderNo))
        .singleElement()
        .satisfies(p -> assertThat(p.path("status").asString()).isEqualTo("SUCCESS"));
  }

  @Test
  void aPhoneIsOfferedTheMobilePagesFirstAndPaysThere() {
    emulate(PHONE_UA, true);
    String orderNo = server.createOrder("6.40", "Phone tea");
    String cashier = openCashier(orderNo);
    awaitState("READY");

    assertThat(driver.findElement(By.id("cashier")).getDomAttribute("data-device"))
        .isEqualTo("MOBILE");
    assertThat(offeredKinds()).startsWith("MOBILE_WEB").endsWith("QR").doesNotContain("WEB");
    assertThat(driver.findElement(By.id("pay")).getDomAttribute("data-kind"))
        .isEqualTo("MOBILE_WEB");
    browser.screenshot("cashier-devices-phone");

    driver.findElement(By.id("pay")).click();

    awaitChannelPage();
    assertThat(driver.findElements(By.id("login"))).isEmpty();
    payOnChannelPage();
    awaitCashierPaid(cashier);
    assertThat(state(cashier).path("payment").path("kind").asString()).isEqualTo("MOBILE_WEB");
    assertThat(server.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void wechatsBrowserSignsTheBuyerInAndPaysThroughTheAppsBridge() {
    emulate(WECHAT_UA, true);
    String orderNo = server.createOrder("1.30", "WeChat browser tea");
    String cashier = openCashier(orderNo);
    awaitState("READY");

    assertThat(offeredKinds()).containsExactly("JSAPI");
    driver.findElement(By.id("pay")).click();
    // Through WeChat's sign-in (the sandbox's) and back: the page comes with the bridge's payment.
    browser
        .waitUpTo(SETTLES)
        .until(
            d ->
                d.findElements(By.cssSelector("#cashier[data-bridge]")).size() == 1
                    && cashier.equals(d.getCurrentUrl()));
    // The page runs in WeChat: the app's bridge appears (the sandbox's stand-in) and pays.
    driver.executeScript(
        "const s = document.createElement('script');"
            + "s.src = '/sandbox/wechat/jsbridge.js';"
            + "s.onload = () => document.dispatchEvent(new Event('WeixinJSBridgeReady'));"
            + "document.head.appendChild(s);");
    awaitState("PAID");

    JsonNode payment = server.payments(orderNo).get(0);
    assertThat(server.payments(orderNo)).singleElement();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    String outTradeNo = payment.path("outTradeNo").asString();
    assertThat(server.wechatOrders(outTradeNo).get(0).path("tradeType").asString())
        .isEqualTo("JSAPI");
    assertThat(server.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void anInAppBrowserIsOfferedTheCodesOnly() {
    emulate(IN_APP_UA, true);
    String orderNo = server.createOrder("1.20", "In-app tea");
    openCashier(orderNo);
    awaitState("READY");

    assertThat(driver.findElement(By.id("cashier")).getDomAttribute("data-device"))
        .isEqualTo("IN_APP");
    assertThat(offeredKinds()).isNotEmpty().containsOnly("QR");
  }

  @Test
  void switchingFromAShownCodeToTheWebsiteClosesTheCodeFirstAndContinueReopensTheSamePage() {
    emulate(DESKTOP_UA, false);
    String orderNo = server.createOrder("7.90", "Switching lamp");
    String cashier = openCashier(orderNo);
    awaitState("READY");
    driver.findElement(By.id("pay")).click();
    awaitState("WAITING");
    String qrNo = driver.findElement(By.id("qr")).getDomAttribute("data-out-trade-no");
    String qrCode = server.payment(qrNo).text("qrCode");
    // Scanned: the channel holds the trade, so the switch closes it there for good.
    server.walletScan(qrCode);

    driver.findElement(By.id("instead-alipay-web")).click();

    awaitChannelPage();
    String channelPage = driver.getCurrentUrl();
    assertThat(server.payment(qrNo).text("status")).isEqualTo("CLOSED");
    assertThat(server.walletPay(qrCode).status()).isEqualTo(409);
    List<JsonNode> open = openPayments(orderNo);
    assertThat(open).singleElement();
    String webNo = open.get(0).path("outTradeNo").asString();
    assertThat(webNo).isNotEqualTo(qrNo);

    driver.get(cashier);
    awaitState("HANDED_OFF");
    assertThat(text("continue")).isEqualTo("Continue to Alipay's payment page");
    assertThat(driver.findElement(By.id("other-alipay-web")).isDisplayed()).isFalse();
    assertThat(text("other-alipay-precreate"))
        .isEqualTo("Pay by scanning a QR code with Alipay instead");
    browser.screenshot("cashier-devices-handed-off");
    driver.findElement(By.id("continue")).click();

    awaitChannelPage();
    assertThat(driver.getCurrentUrl()).isEqualTo(channelPage);
    assertThat(openPayments(orderNo))
        .singleElement()
        .satisfies(p -> assertThat(p.path("outTradeNo").asString()).isEqualTo(webNo));

    driver.get(cashier);
    awaitState("HANDED_OFF");
    driver.findElement(By.id("other-alipay-precreate")).click();

    awaitState("WAITING");
    String newQrNo = driver.findElement(By.id("qr")).getDomAttribute("data-out-trade-no");
    assertThat(newQrNo).isNotIn(qrNo, webNo);
    assertThat(server.payment(webNo).text("status")).isEqualTo("CLOSED");
    assertThat(openPayments(orderNo))
        .singleElement()
        .satisfies(p -> assertThat(p.path("outTradeNo").asString()).isEqualTo(newQrNo));
  }

  /** Emulates a device in this tab: its User-Agent, the client hints Chromium derives, a screen. */
  private void emulate(String userAgent, boolean mobile) {
    driver.executeCdpCommand(
        "Emulation.setUserAgentOverride",
        Map.of(
            "userAgent",
            userAgent,
            "userAgentMetadata",
            Map.of(
                "brands",
                List.of(Map.of("brand", "Chromium", "version", "120")),
                "fullVersion",
                "120.0.0.0",
                "platform",
                mobile ? "Android" : "Linux",
                "platformVersion",
                mobile ? "13.0.0" : "6.1.0",
                "architecture",
                mobile ? "" : "x86",
                "model",
                mobile ? "Pixel 7" : "",
                "mobile",
                mobile)));
    driver.executeCdpCommand(
        "Emulation.setDeviceMetricsOverride",
        Map.of(
            "width", mobile ? 412 : 1280,
            "height", mobile ? 915 : 800,
            "deviceScaleFactor", mobile ? 2.625 : 1,
            "mobile", mobile));
  }

  private String openCashier(String orderNo) {
    String cashier = server.serverBase() + server.checkout(orderNo);
    driver.get(cashier);
    return cashier;
  }

  /** The kinds of the READY panel's buttons, in the page's order. */
  private List<String> offeredKinds() {
    return driver.findElements(By.cssSelector("[data-for=READY] [data-kind]")).stream()
        .map(button -> button.getDomAttribute("data-kind"))
        .toList();
  }

  private void awaitChannelPage() {
    browser
        .waitUpTo(SETTLES)
        .until(
            ExpectedConditions.and(
                ExpectedConditions.urlContains(CHECKOUT_PAGE),
                ExpectedConditions.presenceOfElementLocated(By.id("pay"))));
  }

  /** The desktop page's buyer logs in first; the page comes back with the trade created. */
  private void logInOnChannelPage() {
    WebElement login = driver.findElement(By.id("login"));
    login.click();
    browser.waitUpTo(SETTLES).until(ExpectedConditions.stalenessOf(login));
  }

  private void payOnChannelPage() {
    browser.waitUpTo(SETTLES).until(ExpectedConditions.elementToBeClickable(By.id("pay"))).click();
  }

  /** The browser is back on the cashier (the return proves nothing) and the poll turns it Paid. */
  private void awaitCashierPaid(String cashier) {
    browser.waitUpTo(SETTLES).until(ExpectedConditions.urlContains(cashier));
    awaitState("PAID");
  }

  private void awaitState(String state) {
    browser.waitUpTo(SETTLES).until(d -> state.equals(stateOrNull(d)));
  }

  private static String stateOrNull(WebDriver d) {
    List<WebElement> cashier = d.findElements(By.id("cashier"));
    return cashier.isEmpty() ? null : cashier.get(0).getDomAttribute("data-state");
  }

  private JsonNode state(String cashier) {
    return server.get(cashier + "/state").json();
  }

  /** The order's payments that may still be paid: never more than one. */
  private List<JsonNode> openPayments(String orderNo) {
    return server.payments(orderNo).stream()
        .filter(p -> List.of("INIT", "PRECREATED", "PAYING").contains(p.path("status").asString()))
        .toList();
  }

  private String text(String id) {
    return driver.findElement(By.id(id)).getText();
  }
}
