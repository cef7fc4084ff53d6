package io.payonce.server.cashier.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.ChromeBrowser;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The cashier page in a real browser against the real server and its in-process sandbox: what the
 * buyer does (double clicks, reloads, pays in the wallet) and what the channel saw.
 */
@PayOnceIntegrationTest
class CashierPageIntegrationTests {

  private static final String PRECREATE = "alipay.trade.precreate";
  private static final String PRECREATE_REQUESTS =
      "return performance.getEntriesByType('resource')"
          + ".filter(e => /\\/cashier\\/[^/]+\\/pay$/.test(e.name)).length;";

  @RegisterExtension static final ChromeBrowser browser = new ChromeBrowser();

  @LocalServerPort int port;
  PayOnceHttp server;
  WebDriver driver;

  @BeforeEach
  void setUp() {
    server = new PayOnceHttp(port);
    driver = browser.driver();
  }

  @AfterEach
  void clearChaos() {
    server.calm();
  }

  @Test
  void doubleClickAndReloadMakeOnePrecreateAndShowTheSameCode() {
    String orderNo = server.createOrder("12.34", "Double click tea");
    openCashier(orderNo);
    awaitState("READY");
    browser.screenshot("cashier-1-ready");

    new Actions(driver).doubleClick(driver.findElement(By.id("pay"))).perform();

    awaitState("WAITING");
    String outTradeNo = shownOutTradeNo();
    assertThat(precreateRequestsSinceLoad()).isEqualTo(1);
    String qrCode = server.payment(outTradeNo).text("qrCode");
    assertThat(QrDecoder.decode(server.bytes(server.serverBase() + qrImageSource())))
        .isEqualTo(qrCode);
    browser.screenshot("cashier-2-waiting");

    driver.navigate().refresh();

    awaitState("WAITING");
    assertThat(shownOutTradeNo()).isEqualTo(outTradeNo);
    assertThat(precreateRequestsSinceLoad()).isZero();
    assertThat(QrDecoder.decode(server.bytes(server.serverBase() + qrImageSource())))
        .isEqualTo(qrCode);
    assertThat(server.calls(outTradeNo, PRECREATE)).hasSize(1);
    assertThat(text("countdown")).matches("1[45]:\\d\\d");
  }

  @Test
  void payingInTheSandboxWalletTurnsTheCashierPaidWithoutAReload() {
    String orderNo = server.createOrder("8.80", "Wallet coffee");
    openCashier(orderNo);
    awaitState("READY");
    driver.findElement(By.id("pay")).click();
    awaitState("WAITING");
    String outTradeNo = shownOutTradeNo();
    ((JavascriptExecutor) driver).executeScript("window.stillTheSamePage = true;");
    String cashier = driver.getWindowHandle();
    String walletHref = driver.findElement(By.id("wallet")).getDomProperty("href");

    driver.switchTo().newWindow(WindowType.TAB).get(walletHref);
    WebElement pay = driver.findElement(By.id("pay"));
    browser.waitUpTo(Duration.ofSeconds(10)).until(ExpectedConditions.elementToBeClickable(pay));
    pay.click();
    browser
        .waitUpTo(Duration.ofSeconds(10))
        .until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "Paid"));
    browser.screenshot("wallet-paid");
    driver.close();
    driver.switchTo().window(cashier);

    browser.waitUpTo(Duration.ofSeconds(10)).until(d -> "PAID".equals(browser.state("cashier")));
    String tradeNo = server.payment(outTradeNo).text("tradeNo");
    assertThat(tradeNo).isNotBlank();
    assertThat(text("trade-no")).isEqualTo(tradeNo);
    assertThat(text("paid-out-trade-no")).isEqualTo(outTradeNo);
    assertThat(text("paid-at")).isNotEqualTo("—").isNotBlank();
    assertThat(((JavascriptExecutor) driver).executeScript("return window.stillTheSamePage"))
        .isEqualTo(true);
    browser.screenshot("cashier-3-paid");
  }

  @Test
  void payingWithWechatShowsItsCodeAndWhichChannelPaid() {
    String orderNo = server.createOrder("6.60", "WeChat tea");
    openCashier(orderNo);
    awaitState("READY");

    driver.findElement(By.id("pay-wechat")).click();

    awaitState("WAITING");
    String outTradeNo = shownOutTradeNo();
    assertThat(driver.findElement(By.id("cashier")).getDomAttribute("data-channel"))
        .isEqualTo("wechat");
    assertThat(text("waiting-status")).contains("WeChat Pay");
    String qrCode = server.payment(outTradeNo).text("qrCode");
    assertThat(qrCode).startsWith("weixin://");
    assertThat(QrDecoder.decode(server.bytes(server.serverBase() + qrImageSource())))
        .isEqualTo(qrCode);
    browser.screenshot("cashier-wechat-waiting");

    assertThat(server.walletPay(qrCode).status()).isEqualTo(200);

    browser.waitUpTo(Duration.ofSeconds(15)).until(d -> "PAID".equals(browser.state("cashier")));
    assertThat(text("paid-channel")).isEqualTo("WeChat Pay");
    assertThat(text("trade-no")).isEqualTo(server.payment(outTradeNo).text("tradeNo"));
    browser.screenshot("cashier-wechat-paid");
  }

  @Test
  void switchingChannelsMidWayIsADeliberateClickThatClosesTheOtherCode() {
    String orderNo = server.createOrder("7.70", "Switching tea");
    openCashier(orderNo);
    awaitState("READY");
    driver.findElement(By.id("pay")).click();
    awaitState("WAITING");
    String alipayNo = shownOutTradeNo();
    String alipayCode = server.payment(alipayNo).text("qrCode");
    // Scanned: Alipay holds the trade, so the switch closes it there for good.
    server.walletScan(alipayCode);

    // One click, at once: a click on another button is a new intent, however soon after "pay".
    driver.findElement(By.id("switch")).click();

    browser
        .waitUpTo(Duration.ofSeconds(15))
        .until(
            d -> !alipayNo.equals(shownOutTradeNo()) && "WAITING".equals(browser.state("cashier")));
    String wechatNo = shownOutTradeNo();
    assertThat(driver.findElement(By.id("cashier")).getDomAttribute("data-channel"))
        .isEqualTo("wechat");
    assertThat(server.payment(alipayNo).text("status")).isEqualTo("CLOSED");
    assertThat(server.walletPay(alipayCode).status()).isEqualTo(409);
    assertThat(text("switch")).isEqualTo("Pay with Alipay instead");

    assertThat(server.walletPay(server.payment(wechatNo).text("qrCode")).status()).isEqualTo(200);

    browser.waitUpTo(Duration.ofSeconds(15)).until(d -> "PAID".equals(browser.state("cashier")));
    assertThat(text("paid-channel")).isEqualTo("WeChat Pay");
    assertThat(text("paid-out-trade-no")).isEqualTo(wechatNo);
  }

  @Test
  void anUnavailableChannelShowsAnErrorWhoseRetryGetsTheCode() {
    String orderNo = server.createOrder("3.00", "Flaky channel");
    server.chaos(Map.of("method", PRECREATE, "gatewayErrorRate", 1));
    openCashier(orderNo);
    awaitState("READY");

    driver.findElement(By.id("pay")).click();

    browser.waitUpTo(Duration.ofSeconds(30)).until(d -> "ERROR".equals(browser.state("cashier")));
    assertThat(text("error-detail")).isNotBlank();
    browser.screenshot("cashier-5-error");

    server.calm();
    driver.findElement(By.id("retry")).click();

    awaitState("WAITING");
    assertThat(server.payment(shownOutTradeNo()).text("status")).isEqualTo("PRECREATED");
  }

  @Test
  void anOrderTheMerchantCancelsWhileTheBuyerWaitsShowsClosedWithoutAReload() {
    String orderNo = server.createOrder("6.00", "Cancelled cake");
    openCashier(orderNo);
    awaitState("READY");
    driver.findElement(By.id("pay")).click();
    awaitState("WAITING");

    assertThat(server.close(orderNo).text("orderStatus")).isEqualTo("CLOSED");

    awaitState("ORDER_CLOSED");
    assertThat(driver.findElements(By.id("qr")).stream().filter(WebElement::isDisplayed)).isEmpty();
    browser.screenshot("cashier-6-order-closed");
  }

  @Test
  void anUnknownSessionShowsNotFound() {
    driver.get(server.serverBase() + "/cashier/NO-SUCH-SESSION-" + System.nanoTime());

    assertThat(driver.findElement(By.cssSelector("main")).getDomAttribute("data-state"))
        .isEqualTo("NOT_FOUND");
  }

  @Test
  void anOrderNumberOpensNoCashier() {
    String orderNo = server.createOrder("0.01");
    server.checkout(orderNo);

    driver.get(server.serverBase() + "/cashier/" + orderNo);

    assertThat(driver.findElement(By.cssSelector("main")).getDomAttribute("data-state"))
        .isEqualTo("NOT_FOUND");
  }

  @Test
  void theShopCreatesAnOrderAndOpensItsCashier() {
    driver.get(server.serverBase() + "/");
    WebElement title = driver.findElement(By.name("title"));
    title.clear();
    title.sendKeys("Shop biscuit");
    WebElement amount = driver.findElement(By.name("amount"));
    amount.clear();
    amount.sendKeys("0.50");

    driver.findElement(By.id("buy")).click();

    awaitState("READY");
    assertThat(driver.getCurrentUrl()).contains("/cashier/").doesNotContain("DEMO-");
    assertThat(text("title")).isEqualTo("Shop biscuit");
    assertThat(text("amount")).contains("0.50");
  }

  private void openCashier(String orderNo) {
    driver.get(server.serverBase() + server.checkout(orderNo));
  }

  private void awaitState(String state) {
    browser.waitUpTo(Duration.ofSeconds(15)).until(d -> state.equals(browser.state("cashier")));
  }

  private String shownOutTradeNo() {
    return driver.findElement(By.id("qr")).getDomAttribute("data-out-trade-no");
  }

  private String qrImageSource() {
    return driver.findElement(By.id("qr")).getDomAttribute("src");
  }

  private long precreateRequestsSinceLoad() {
    return (Long) ((JavascriptExecutor) driver).executeScript(PRECREATE_REQUESTS);
  }

  private String text(String id) {
    return driver.findElement(By.id(id)).getText();
  }
}
