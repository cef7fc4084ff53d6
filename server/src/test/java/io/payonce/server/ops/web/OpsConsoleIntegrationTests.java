package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.ChromeBrowser;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** The operator's pages in a real browser, signed in with the form as the bootstrap admin. */
@PayOnceIntegrationTest
class OpsConsoleIntegrationTests {

  @RegisterExtension static final ChromeBrowser browser = new ChromeBrowser();

  @LocalServerPort int port;

  @BeforeEach
  void desktopSizedWindow() {
    // The operator reads wide tables at a desk, not on a phone.
    browser.driver().manage().window().setSize(new Dimension(1280, 900));
  }

  @Test
  void theTimelineOfAPaymentNotifiedTenTimesShowsTenReceiptsAndOneSuccess() {
    PayOnceHttp server = new PayOnceHttp(port);
    String orderNo = server.createOrder("66.60", "Ten notifies");
    String outTradeNo = payUnderChaos(server, orderNo, "notifyCopies", 10);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> server.payment(outTradeNo).json().get("notifies").size() == 10);

    WebDriver driver = browser.driver();
    ConsoleSession console = new ConsoleSession(driver, server.serverBase()).asBootstrapAdmin();
    console.open("/ops/payments/" + outTradeNo);

    assertThat(driver.findElement(By.id("payment-status")).getText()).isEqualTo("SUCCESS");
    assertThat(rows(driver, "NOTIFY")).hasSize(10);
    assertThat(driver.findElement(By.id("notify-count")).getText()).isEqualTo("10");
    List<WebElement> toSuccess =
        rows(driver, "PAYMENT").stream()
            .filter(row -> row.getText().contains("→ SUCCESS"))
            .toList();
    assertThat(toSuccess).hasSize(1);
    assertThat(driver.findElement(By.cssSelector("[data-to=SUCCESS]")).getText())
        .isEqualTo("→ SUCCESS × 1");
    assertThat(driver.findElement(By.cssSelector("[data-outcome=APPLIED]")).getText())
        .isEqualTo("APPLIED × 1");
    assertThat(rows(driver, "CALL")).hasSize(1);
    browser.screenshot("ops-timeline");

    console.open("/ops/payments?orderNo=" + orderNo);
    assertThat(driver.findElements(By.cssSelector("tr.payment-row"))).hasSize(1);
    console.leaveBy(driver.findElement(By.linkText(outTradeNo)));
    assertThat(driver.findElement(By.id("out-trade-no")).getText()).isEqualTo(outTradeNo);
  }

  @Test
  void theAlarmsPageListsAnAmountMismatchAndLinksToItsTimeline() {
    PayOnceHttp server = new PayOnceHttp(port);
    String orderNo = server.createOrder("10.00", "Tampered notify");
    String outTradeNo = payUnderChaos(server, orderNo, "tamperAmount", true);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> server.payment(outTradeNo).json().get("alarms").size() > 0);
    WebDriver driver = browser.driver();

    ConsoleSession console = new ConsoleSession(driver, server.serverBase()).asBootstrapAdmin();
    console.open("/ops/alarms");

    assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Open alarms");
    WebElement alarm =
        driver.findElements(By.cssSelector("tr.alarm")).stream()
            .filter(row -> row.getText().contains(outTradeNo))
            .findFirst()
            .orElseThrow();
    assertThat(alarm.getText()).contains("AMOUNT_MISMATCH");
    browser.screenshot("ops-alarms");
    console.leaveBy(alarm.findElement(By.linkText(outTradeNo)));
    // Each of the channel's retries of the tampered notify is refused and raises its alarm.
    assertThat(rows(driver, "ALARM"))
        .isNotEmpty()
        .allSatisfy(row -> assertThat(row.getText()).contains("AMOUNT_MISMATCH"));
    assertThat(driver.findElement(By.id("payment-status")).getText()).isNotEqualTo("SUCCESS");

    // The operator resolves one of them: it leaves the list and joins the payment's timeline.
    driver.get(server.serverBase() + "/ops/alarms");
    WebElement first =
        driver.findElements(By.cssSelector("tr.alarm")).stream()
            .filter(row -> row.getText().contains(outTradeNo))
            .findFirst()
            .orElseThrow();
    String id = first.getDomAttribute("data-id");
    first.findElement(By.name("resolution")).sendKeys("tampered by the chaos test");
    console.leaveBy(first.findElement(By.cssSelector("form.resolve button")));
    assertThat(driver.findElement(By.id("done")).getText()).isEqualTo("Alarm resolved.");
    assertThat(driver.findElements(By.cssSelector("tr.alarm[data-id='" + id + "']"))).isEmpty();
    driver.get(server.serverBase() + "/ops/payments/" + outTradeNo);
    assertThat(rows(driver, "OPERATOR"))
        .singleElement()
        .extracting(WebElement::getText)
        .asString()
        .contains("RESOLVE_ALARM by ops · DONE", "after: resolved: tampered by the chaos test");
  }

  /** Gets the order's QR code, turns one chaos knob on for it, and pays it in the wallet. */
  private static String payUnderChaos(
      PayOnceHttp server, String orderNo, String knob, Object value) {
    JsonNode qr = server.precreate(orderNo).json();
    String outTradeNo = qr.get("outTradeNo").asString();
    server.chaos(Map.of("outTradeNo", outTradeNo, knob, value));
    assertThat(server.walletPay(qr.get("qrCode").asString()).status()).isEqualTo(200);
    return outTradeNo;
  }

  private static List<WebElement> rows(WebDriver driver, String kind) {
    return driver.findElements(By.cssSelector("tr.event[data-kind=" + kind + "]"));
  }
}
