package io.payonce.server.cashier.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.ChromeBrowser;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.ServerHttp;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * An expired QR code in the browser: the page offers "refresh QR" (the only way to a new code), the
 * refresh shows a new code, and the old one can no longer be paid. QR codes live seconds here, on
 * real time: both the server's expiry and the sandbox's follow the wall clock.
 */
@PayOnceIntegrationTest
@TestPropertySource(properties = "payonce.payment.qr-ttl=PT8S")
class CashierExpiryIntegrationTests {

  @RegisterExtension static final ChromeBrowser browser = new ChromeBrowser();

  @LocalServerPort int port;

  @Test
  void anExpiredCodeIsReplacedOnlyByRefreshAndCannotBePaidAnyMore() {
    ServerHttp server = new ServerHttp(port);
    WebDriver driver = browser.driver();
    String orderNo = server.createOrder("EXP", "5.00", "Slow buyer's tea");
    driver.get(server.base() + "/cashier/" + orderNo);
    awaitState("READY", 15);
    driver.findElement(By.id("pay")).click();
    awaitState("WAITING", 15);
    String oldOutTradeNo = driver.findElement(By.id("qr")).getDomAttribute("data-out-trade-no");
    String oldQrCode = server.payment(oldOutTradeNo).get("qrCode").asString();

    awaitState("EXPIRED", 20);
    browser.screenshot("cashier-4-expired");
    driver.findElement(By.id("refresh")).click();

    awaitState("WAITING", 15);
    String newOutTradeNo = driver.findElement(By.id("qr")).getDomAttribute("data-out-trade-no");
    assertThat(newOutTradeNo).isNotEqualTo(oldOutTradeNo);
    assertThat(server.payment(newOutTradeNo).get("qrCode").asString()).isNotEqualTo(oldQrCode);
    HttpResponse<String> oldPaid = server.walletPay(oldQrCode);
    assertThat(oldPaid.statusCode()).as(oldPaid.body()).isNotEqualTo(200);
    assertThat(server.payment(oldOutTradeNo).get("status").asString()).isNotEqualTo("SUCCESS");
  }

  private void awaitState(String state, int seconds) {
    browser
        .waitUpTo(Duration.ofSeconds(seconds))
        .until(d -> state.equals(browser.state("cashier")));
  }
}
