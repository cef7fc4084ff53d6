package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.operator.OperatorAction;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.operator.OperatorRole;
import io.payonce.server.operator.Operators;
import io.payonce.server.testing.ChromeBrowser;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Each role at the console in a real browser: an operator refunds half of a paid order and closes
 * an unpaid one, and the timeline shows both; a viewer sees no action and is refused one posted by
 * hand; a form posted without its CSRF token is refused; an admin creates an operator who can then
 * sign in; the language switches to Chinese. Each page is photographed for the docs (see {@link
 * ChromeBrowser#documented}).
 */
@PayOnceIntegrationTest
class ConsoleRolesIntegrationTests {

  private static final String PASSWORD = "correct-horse-battery";

  @RegisterExtension static final ChromeBrowser browser = new ChromeBrowser();

  @LocalServerPort int port;
  @Autowired Operators operators;
  @Autowired OperatorActions actions;

  PayOnceHttp http;
  ConsoleSession console;

  @BeforeEach
  void setUp() {
    browser.driver().manage().window().setSize(new Dimension(1280, 900));
    http = new PayOnceHttp(port);
    console = new ConsoleSession(browser.driver(), http.serverBase());
  }

  @Test
  void anOperatorRefundsHalfOfAPaidOrderAndTheTimelineShowsIt() {
    var paid = ConsoleSession.paidPayment(http, "10.00");
    String outTradeNo = paid.outTradeNo();
    String operator = newOperator("refunder", OperatorRole.OPERATOR);
    WebDriver driver = browser.driver();

    console.signIn(operator, PASSWORD).open("/ops/payments/" + outTradeNo);
    WebElement amount = driver.findElement(By.id("refund-amount"));
    amount.clear();
    amount.sendKeys("5.00");
    driver.findElement(By.id("refund-reason")).sendKeys("half back");
    browser.documented("console", "timeline-refund-form");
    console.leaveBy(driver.findElement(By.id("refund-submit")));

    assertThat(console.text("done")).isEqualTo("Refunded.");
    assertThat(console.text("order-status")).isEqualTo("PARTIALLY_REFUNDED");
    assertThat(rows(driver, "REFUND"))
        .singleElement()
        .extracting(WebElement::getText)
        .asString()
        .contains("5.00 CNY", "SUCCESS");
    assertThat(rows(driver, "OPERATOR"))
        .singleElement()
        .extracting(WebElement::getText)
        .asString()
        .contains(
            "REFUND by " + operator + " · DONE", "before: order PAID · refunded 0.00 of 10.00")
        .contains("→ SUCCESS · order PARTIALLY_REFUNDED");
    browser.documented("console", "timeline-after-refund");
    console.open("/ops/actions");
    assertThat(driver.findElements(By.cssSelector("tr.action-row[data-action=REFUND]")))
        .filteredOn(row -> row.getText().contains(operator))
        .singleElement()
        .extracting(WebElement::getText)
        .asString()
        .contains("DONE");
    assertThat(actions.ofPayment(outTradeNo))
        .singleElement()
        .satisfies(
            action -> {
              assertThat(action.operator()).isEqualTo(operator);
              assertThat(action.action()).isEqualTo(OperatorAction.Kind.REFUND);
              assertThat(action.outcome()).isEqualTo(OperatorAction.Outcome.DONE);
            });
  }

  @Test
  void anOperatorClosesAnUnpaidOrder() {
    String outTradeNo = ConsoleSession.unpaidPayment(http, "3.00").outTradeNo();
    String operator = newOperator("closer", OperatorRole.OPERATOR);

    console.signIn(operator, PASSWORD).open("/ops/payments/" + outTradeNo);
    console.leaveBy(browser.driver().findElement(By.id("close-submit")));

    assertThat(console.text("done")).isEqualTo("The order is closed.");
    assertThat(console.text("order-status")).isEqualTo("CLOSED");
    assertThat(rows(browser.driver(), "OPERATOR"))
        .singleElement()
        .extracting(WebElement::getText)
        .asString()
        .contains("CLOSE_ORDER by " + operator + " · DONE", "after: order CLOSED");
  }

  @Test
  void aViewerSeesNoActionAndIsRefusedOnePostedByHand() {
    var paid = ConsoleSession.paidPayment(http, "4.00");
    String outTradeNo = paid.outTradeNo();
    String viewer = newOperator("viewer", OperatorRole.VIEWER);
    WebDriver driver = browser.driver();

    console.signIn(viewer, PASSWORD).open("/ops/payments/" + outTradeNo);
    assertThat(driver.findElements(By.id("actions"))).isEmpty();
    console.postForm(
        "/ops/payments/" + outTradeNo + "/refund", "amount=4.00&outRequestNo=VIEWER1", true);

    assertThat(console.text("denied")).isEqualTo("Not allowed");
    browser.documented("console", "denied");
    assertThat(http.orderStatus(paid.orderNo())).isEqualTo("PAID");
    assertThat(actions.ofPayment(outTradeNo)).isEmpty();
    console.open("/ops/operators");
    assertThat(console.text("denied")).isEqualTo("Not allowed");
    assertThat(driver.findElements(By.id("nav-operators"))).isEmpty();
  }

  @Test
  void aFormPostedWithoutItsCsrfTokenIsRefused() {
    var paid = ConsoleSession.paidPayment(http, "6.00");
    String outTradeNo = paid.outTradeNo();
    String operator = newOperator("forged", OperatorRole.OPERATOR);

    console.signIn(operator, PASSWORD).open("/ops/payments/" + outTradeNo);
    console.postForm(
        "/ops/payments/" + outTradeNo + "/refund", "amount=6.00&outRequestNo=FORGED1", false);

    assertThat(console.text("denied")).isEqualTo("Not allowed");
    assertThat(http.orderStatus(paid.orderNo())).isEqualTo("PAID");
    assertThat(actions.ofPayment(outTradeNo)).isEmpty();
  }

  @Test
  void anAdminCreatesAnOperatorWhoThenSignsIn() {
    String name = "made" + System.nanoTime();
    WebDriver driver = browser.driver();

    console.asBootstrapAdmin().open("/ops/operators");
    driver.findElement(By.id("new-username")).sendKeys(name);
    driver.findElement(By.id("new-password")).sendKeys(PASSWORD);
    driver.findElement(By.cssSelector("#new-role option[value=OPERATOR]")).click();
    console.leaveBy(driver.findElement(By.id("create-operator")));

    assertThat(console.text("done")).isEqualTo("Saved.");
    WebElement row =
        driver.findElement(By.cssSelector("tr.operator-row[data-username='" + name + "']"));
    assertThat(row.findElement(By.cssSelector("select option[selected]")).getText())
        .isEqualTo("operator");
    browser.documented("console", "operators");
    assertThat(operators.find(name).orElseThrow().passwordHash()).startsWith("{bcrypt}");

    console.signIn(name, PASSWORD);
    assertThat(console.text("me")).isEqualTo(name + " · operator");
  }

  @Test
  void aWrongPasswordIsRefusedAtTheForm() {
    console.open("/ops/login");
    browser.driver().manage().deleteAllCookies();
    console.open("/ops/login");
    browser.driver().findElement(By.id("username")).sendKeys(OpsCredential.USER);
    browser.driver().findElement(By.id("password")).sendKeys("guess");
    console.leaveBy(browser.driver().findElement(By.id("sign-in")));

    assertThat(console.text("login-error")).contains("Wrong user name or password");
    browser.documented("console", "login");
  }

  @Test
  void theLanguageSwitchesToChineseAndBack() {
    console.asBootstrapAdmin().open("/ops/dashboard");
    assertThat(browser.driver().findElement(By.tagName("h1")).getText()).isEqualTo("Dashboard");

    console.leaveBy(browser.driver().findElement(By.id("lang-zh")));
    assertThat(browser.driver().findElement(By.tagName("h1")).getText()).isEqualTo("概览");
    console.open("/ops/alarms");
    assertThat(browser.driver().findElement(By.tagName("h1")).getText()).isEqualTo("未处理告警");
    browser.documented("console", "alarms-zh");

    console.leaveBy(browser.driver().findElement(By.id("lang-en")));
    assertThat(browser.driver().findElement(By.tagName("h1")).getText()).isEqualTo("Open alarms");
  }

  @Test
  void theCashierSwitchesToChineseAndItsScriptFollows() {
    String cashier = http.checkout(http.createOrder("2.00", "Jasmine tea"));
    WebDriver driver = browser.driver();
    driver.manage().window().setSize(new Dimension(412, 915));

    console.open(cashier + "?lang=zh_CN");
    browser
        .waitUpTo(java.time.Duration.ofSeconds(10))
        .until(d -> "READY".equals(browser.state("cashier")));
    assertThat(console.text("pay")).isEqualTo("使用支付宝付款");
    driver.findElement(By.id("pay")).click();
    browser
        .waitUpTo(java.time.Duration.ofSeconds(10))
        .until(d -> "WAITING".equals(browser.state("cashier")));

    assertThat(console.text("waiting-status")).isEqualTo("请用支付宝扫码付款");
    browser
        .waitUpTo(java.time.Duration.ofSeconds(10))
        .until(
            d ->
                (Boolean)
                    ((org.openqa.selenium.JavascriptExecutor) d)
                        .executeScript(
                            "const qr = document.getElementById('qr');"
                                + " return qr.complete && qr.naturalWidth > 0;"));
    browser.documented("console", "cashier-zh");
    console.open(cashier + "?lang=en");
    browser
        .waitUpTo(java.time.Duration.ofSeconds(10))
        .until(d -> "WAITING".equals(browser.state("cashier")));
    assertThat(console.text("waiting-status")).isEqualTo("Scan with Alipay to pay");
  }

  @Test
  void everyPageOpensForTheAdmin() {
    String outTradeNo = ConsoleSession.paidPayment(http, "8.80").outTradeNo();
    console.asBootstrapAdmin();
    List<String[]> pages =
        List.of(
            new String[] {"/ops/dashboard", "dashboard"},
            new String[] {"/ops/payments?status=SUCCESS", "payments"},
            new String[] {"/ops/payments/" + outTradeNo, "timeline"},
            new String[] {"/ops/refunds", "refunds"},
            new String[] {"/ops/alarms", "alarms"},
            new String[] {"/ops/reconciliations", "reconciliations"},
            new String[] {"/ops/operators", "operators-list"},
            new String[] {"/ops/actions", "actions"},
            new String[] {"/ops/dashboard?lang=zh_CN", "dashboard-zh"});
    for (String[] page : pages) {
      console.open(page[0]);
      assertThat(browser.driver().findElements(By.tagName("h1"))).as(page[0]).isNotEmpty();
      browser.documented("console", page[1]);
    }
    console.open("/ops/dashboard?lang=en");
    assertThat(Integer.parseInt(console.text("tile-payments"))).isPositive();
    assertThat(browser.driver().findElements(By.cssSelector("#status-chart g.bar"))).isNotEmpty();
  }

  private String newOperator(String prefix, OperatorRole role) {
    String name = prefix + System.nanoTime();
    operators.create(OpsCredential.USER, name, PASSWORD, role);
    return name;
  }

  private static List<WebElement> rows(WebDriver driver, String kind) {
    return driver.findElements(By.cssSelector("tr.event[data-kind=" + kind + "]"));
  }
}
