package io.payonce.server.cashier.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.ChromeBrowser;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
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
    PayOnceHttp server = new PayOnceHttp(port);
    WebDriver driver = browser.driver();
    String orderNo = server.createOrder("5.00", "Slow buyer's tea");
    driver.get(server.serverBase() + server.checkout(orderNo));
    awaitState("READY", 15);
    driver.findElement(By.id("pay")).click();
    awaitState("WAITING", 15);
    String oldOutTradeNo = driver.findElement(By.id("qr")).getDomAttribute("data-out-trade-no");
    String oldQrCode = server.payment(oldOutTradeNo).text("qrCode");

    awaitState("EXPIRED", 20);
    browser.screenshot("cashier-4-expired");
    driver.findElement(By.id("refresh")).click();

    awaitState("WAITING", 15);
    String newOutTradeNo = driver.findElement(By.id("qr")).getDomAttribute("data-out-trade-no");
    assertThat(newOutTradeNo).isNotEqualTo(oldOutTradeNo);
    browser.screenshot("cashier-6-refreshed");
    assertThat(server.payment(newOutTradeNo).text("qrCode")).isNotEqualTo(oldQrCode);
    Answer oldPaid = server.walletPay(oldQrCode);
    assertThat(oldPaid.status()).as(oldPaid.body()).isNotEqualTo(200);
    assertThat(server.payment(oldOutTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(server.trades(oldOutTradeNo))
        .noneSatisfy(
            trade -> assertThat(trade.path("status").asString()).isEqualTo("TRADE_SUCCESS"));
  }

  private void awaitState(String state, int seconds) {
    browser
        .waitUpTo(Duration.ofSeconds(seconds))
        .until(d -> state.equals(browser.state("cashier")));
  }
}
