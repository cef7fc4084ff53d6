package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.PayOnceHttp;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/** A person at the console in a real browser: signs in with the form, posts forms. */
final class ConsoleSession {

  private final WebDriver driver;
  private final String base;

  ConsoleSession(WebDriver driver, String base) {
    this.driver = driver;
    this.base = base;
  }

  /** Forgets the previous session and language, then signs in with the form. */
  ConsoleSession signIn(String user, String password) {
    driver.get(base + "/ops/login");
    driver.manage().deleteAllCookies();
    driver.get(base + "/ops/login");
    driver.findElement(By.id("username")).sendKeys(user);
    driver.findElement(By.id("password")).sendKeys(password);
    leaveBy(driver.findElement(By.id("sign-in")));
    assertThat(driver.findElement(By.id("me")).getText()).startsWith(user + " · ");
    return this;
  }

  ConsoleSession asBootstrapAdmin() {
    return signIn(OpsCredential.USER, OpsCredential.PASSWORD);
  }

  void open(String path) {
    driver.get(base + path);
  }

  String text(String id) {
    return driver.findElement(By.id(id)).getText();
  }

  /**
   * Clicks a control that leaves the page (a form's button, a link) and waits until the next page
   * has replaced it, so that what is read next is the next page's.
   */
  void leaveBy(WebElement control) {
    markThisPage();
    control.click();
    awaitTheNextPage();
  }

  /** Leaves a mark on the current document that the next document will not have. */
  private void markThisPage() {
    ((JavascriptExecutor) driver).executeScript("window.payonceLeaving = true;");
  }

  /**
   * Waits until a document without the mark has loaded. Chromium answers a command sent while it
   * swaps documents with errors of several kinds (a stale element, "Node ... does not belong to the
   * document", a script context gone); each only means "not yet", so they are polled through.
   */
  private void awaitTheNextPage() {
    new WebDriverWait(driver, Duration.ofSeconds(10), Duration.ofMillis(50))
        .ignoring(WebDriverException.class)
        .until(
            d ->
                (Boolean)
                    ((JavascriptExecutor) d)
                        .executeScript(
                            "return window.payonceLeaving !== true"
                                + " && document.readyState === 'complete';"));
  }

  /**
   * Posts a form the page did not offer, as a forged or hand-made request would: with the session's
   * CSRF token (copied from the sign-out form) or without any.
   */
  void postForm(String path, String fields, boolean withCsrfToken) {
    markThisPage();
    ((JavascriptExecutor) driver)
        .executeScript(
            """
            const form = document.createElement('form');
            form.method = 'post';
            form.action = arguments[0];
            new URLSearchParams(arguments[1]).forEach((value, name) => {
              const input = document.createElement('input');
              input.type = 'hidden'; input.name = name; input.value = value;
              form.appendChild(input);
            });
            if (arguments[2]) {
              const token = document.querySelector('#logout').form.querySelector('input[type=hidden]');
              form.appendChild(token.cloneNode());
            }
            document.body.appendChild(form);
            form.submit();
            """,
            path,
            fields,
            withCsrfToken);
    awaitTheNextPage();
  }

  /** An order and its payment. */
  record Payment(String orderNo, String outTradeNo) {}

  /** An order of {@code amount} CNY paid in the sandbox wallet. */
  static Payment paidPayment(PayOnceHttp http, String amount) {
    String orderNo = http.createOrder(amount, "Console test");
    var qr = http.precreate(orderNo).json();
    assertThat(http.walletPay(qr.get("qrCode").asString()).status()).isEqualTo(200);
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    return new Payment(orderNo, qr.get("outTradeNo").asString());
  }

  /** An order with a QR code nobody scanned yet. */
  static Payment unpaidPayment(PayOnceHttp http, String amount) {
    String orderNo = http.createOrder(amount, "Console close");
    return new Payment(orderNo, http.precreate(orderNo).json().get("outTradeNo").asString());
  }
}
