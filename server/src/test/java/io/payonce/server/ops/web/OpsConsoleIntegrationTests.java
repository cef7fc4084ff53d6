package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.ChromeBrowser;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.ServerHttp;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** The operator's pages in a real browser, signed in with HTTP Basic. */
@PayOnceIntegrationTest
class OpsConsoleIntegrationTests {

  @RegisterExtension static final ChromeBrowser browser = new ChromeBrowser();

  @LocalServerPort int port;

  @Test
  void theTimelineOfAPaymentNotifiedTenTimesShowsTenReceiptsAndOneSuccess() {
    ServerHttp server = new ServerHttp(port);
    String orderNo = server.createOrder("OPS", "66.60", "Ten notifies");
    JsonNode qr = server.precreate(orderNo);
    String outTradeNo = qr.get("outTradeNo").asString();
    server.put("/sandbox/chaos", "{\"outTradeNo\":\"" + outTradeNo + "\",\"notifyCopies\":10}");
    assertThat(server.walletPay(qr.get("qrCode").asString()).statusCode()).isEqualTo(200);
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> server.payment(outTradeNo).get("notifies").size() == 10);

    WebDriver driver = browser.driver();
    driver.get(operatorUrl(server, "/ops/payments/" + outTradeNo));

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

    driver.get(operatorUrl(server, "/ops/payments?orderNo=" + orderNo));
    assertThat(driver.findElements(By.cssSelector("tr.payment-row"))).hasSize(1);
    driver.findElement(By.linkText(outTradeNo)).click();
    assertThat(driver.findElement(By.id("out-trade-no")).getText()).isEqualTo(outTradeNo);
  }

  @Test
  void theAlarmsPageListsAnAmountMismatchAndLinksToItsTimeline() {
    ServerHttp server = new ServerHttp(port);
    String orderNo = server.createOrder("OPS", "10.00", "Tampered notify");
    JsonNode qr = server.precreate(orderNo);
    String outTradeNo = qr.get("outTradeNo").asString();
    server.put("/sandbox/chaos", "{\"outTradeNo\":\"" + outTradeNo + "\",\"tamperAmount\":true}");
    server.walletPay(qr.get("qrCode").asString());
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> server.payment(outTradeNo).get("alarms").size() > 0);
    WebDriver driver = browser.driver();

    driver.get(operatorUrl(server, "/ops/alarms"));

    assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Open alarms");
    WebElement alarm =
        driver.findElements(By.cssSelector("tr.alarm")).stream()
            .filter(row -> row.getText().contains(outTradeNo))
            .findFirst()
            .orElseThrow();
    assertThat(alarm.getText()).contains("AMOUNT_MISMATCH");
    browser.screenshot("ops-alarms");
    alarm.findElement(By.linkText(outTradeNo)).click();
    // Each of the channel's retries of the tampered notify is refused and raises its alarm.
    assertThat(rows(driver, "ALARM"))
        .isNotEmpty()
        .allSatisfy(row -> assertThat(row.getText()).contains("AMOUNT_MISMATCH"));
    assertThat(driver.findElement(By.id("payment-status")).getText()).isNotEqualTo("SUCCESS");
  }

  private static String operatorUrl(ServerHttp server, String path) {
    return server
            .base()
            .replace(
                "http://", "http://" + ServerHttp.OPS_USER + ":" + ServerHttp.OPS_PASSWORD + "@")
        + path;
  }

  private static List<WebElement> rows(WebDriver driver, String kind) {
    return driver.findElements(By.cssSelector("tr.event[data-kind=" + kind + "]"));
  }
}
