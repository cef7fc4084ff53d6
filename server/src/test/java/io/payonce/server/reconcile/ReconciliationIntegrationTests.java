package io.payonce.server.reconcile;

import static io.payonce.server.reconcile.SandboxHttp.expect;
import static io.payonce.server.reconcile.SandboxHttp.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.alipay.AlipayBillWriter;
import io.payonce.server.alipay.AlipayChannel;
import io.payonce.server.channel.BillSource;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.TradeState;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.outbox.OutboxEvent;
import io.payonce.server.outbox.OutboxReader;
import io.payonce.server.payment.ChannelFields;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentStatus;
import io.payonce.server.payment.PaymentTransitions;
import io.payonce.server.payment.Payments;
import io.payonce.server.testing.LateBarcodeBuyer;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Reconciliation end to end: trades made through the sandbox over HTTP, the bill downloaded from it
 * through the official SDK, outcomes and repairs checked on the database. Other tests' trades of
 * the day share the bill, so each test asserts on its own trades only. Run on each database by the
 * {@code OnH2}, {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
// A context of its own: a day's bill is the sandbox's whole ledger of that day, so trades that
// other
// test classes left in a shared sandbox (whose database rows a later context cleaned) would be in
// it.
@org.springframework.test.context.TestPropertySource(properties = "payonce.test.context=reconcile")
abstract class ReconciliationIntegrationTests {

  /** Longer than any test here: a test starting closer to the bill day's end starts after it. */
  private static final Duration DAY_END_WINDOW = Duration.ofSeconds(20);

  @LocalServerPort int port;
  @Autowired Reconciliations reconciliations;
  @Autowired org.springframework.jdbc.core.simple.JdbcClient jdbc;
  @Autowired ReconciliationWorker worker;
  @Autowired BillChannels bills;
  @Autowired Payments payments;
  @Autowired PaymentTransitions transitions;
  @Autowired ChannelResultApplier applier;
  @Autowired AlipayChannel alipay;
  @Autowired OrderService orders;
  @Autowired OutboxReader outbox;
  @Autowired Journal journal;
  @Autowired Alarms alarms;
  @Autowired MutableClock clock;
  @Autowired ReconcileProperties properties;

  SandboxHttp http;
  LocalDate today;
  final java.util.Map<Long, String> orderNos = new java.util.HashMap<>();

  @BeforeEach
  void setUp() {
    http = new SandboxHttp(port);
    startOnOneBillDay();
    today = LocalDate.now(clock.withZone(properties.zone()));
  }

  @AfterEach
  void restoreClocks() {
    http.resetSandboxClockAndChaos();
    clock.reset();
  }

  /**
   * "Today" is the server clock's date in the bill zone, and a test's trades must all fall on it: a
   * test that would start within {@link #DAY_END_WINDOW} of the day's end moves the server's and
   * the sandbox's clocks together just past midnight instead (the pinned-clock runs of the build
   * start these tests around midnight in China on purpose).
   */
  private void startOnOneBillDay() {
    ZonedDateTime now = ZonedDateTime.now(clock.withZone(properties.zone()));
    Duration untilDayEnd =
        Duration.between(now, now.toLocalDate().plusDays(1).atStartOfDay(properties.zone()));
    if (untilDayEnd.compareTo(DAY_END_WINDOW) < 0) {
      Duration hop = untilDayEnd.plusSeconds(1);
      System.out.println(
          "test clock: "
              + now
              + " is within "
              + DAY_END_WINDOW
              + " of the bill day's end; moved on "
              + hop);
      clock.advance(hop);
      http.moveSandboxClock(hop);
    }
  }

  @Test
  void repairsAPaymentTheChannelTookWhoseNotifyWasLost() {
    Payment payment = paidWithoutNotify("10.00");

    ReconciliationRun run = reconcileToday();

    assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
    assertThat(outcomeOf(run, payment)).isEqualTo(Outcome.CHANNEL_ONLY_SUCCESS);
    assertRepairedOnce(payment);
  }

  /**
   * An online product's trade is in the bill like a code's: an App payment (an order string paid in
   * the buyer's Alipay app) whose notify was lost is repaired from its line.
   */
  @Test
  void repairsAnAppPaymentWhoseNotifyWasLostFromItsBillLine() {
    PayOnceHttp api = new PayOnceHttp(port);
    String orderNo = api.createOrder("10.50");
    PayOnceHttp.Answer issued = api.handOff("alipay", "app", orderNo, Map.of());
    assertThat(issued.status()).as(issued.body()).isEqualTo(200);
    Payment payment = payments.findByOutTradeNo(issued.text("outTradeNo")).orElseThrow();
    orderNos.put(payment.payId(), orderNo);
    http.dropNotifies(payment.outTradeNo());
    PayOnceHttp.Answer paid =
        api.alipayAppPay(issued.json().path("handoff").path("encoded").asString());
    assertThat(paid.text("resultStatus")).as(paid.body()).isEqualTo("9000");
    assertThat(status(payment)).isNotEqualTo(PaymentStatus.SUCCESS);

    ReconciliationRun run = reconcileToday();

    assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
    assertThat(outcomeOf(run, payment)).isEqualTo(Outcome.CHANNEL_ONLY_SUCCESS);
    assertRepairedOnce(payment);
  }

  @Test
  void reRunningADayGivesTheSameOutcomesWithoutASecondRepair() {
    Payment payment = paidWithoutNotify("11.00");
    ReconciliationRun first = reconcileToday();

    ReconciliationRun second = reconcileToday();

    assertThat(second.id()).isEqualTo(first.id());
    assertThat(second.attempt()).isEqualTo(first.attempt() + 1);
    assertThat(outcomeOf(second, payment)).isEqualTo(Outcome.CHANNEL_ONLY_SUCCESS);
    assertThat(second.counts().get(Outcome.CHANNEL_ONLY_SUCCESS))
        .isGreaterThanOrEqualTo(1)
        .isEqualTo(first.counts().get(Outcome.CHANNEL_ONLY_SUCCESS));
    assertRepairedOnce(payment);
  }

  @Test
  void flagsASuccessOfOursThatTheChannelNeverSaw() {
    JsonNode qr = http.orderWithQr(TestNumbers.orderNo("LOCAL"), "12.00");
    Payment payment = payment(qr);
    // A notify the channel never sent (no buyer scanned this QR), taken as true.
    successTheChannelNeverSaw(payment, 1200);

    ReconciliationRun first = reconcileToday();
    ReconciliationRun second = reconcileToday();

    assertThat(outcomeOf(second, payment)).isEqualTo(Outcome.LOCAL_ONLY_SUCCESS);
    assertThat(anomalyOf(second, payment).resolved()).isFalse();
    assertThat(second.counts().get(Outcome.LOCAL_ONLY_SUCCESS))
        .isEqualTo(first.counts().get(Outcome.LOCAL_ONLY_SUCCESS));
    assertThat(alarmsOf(payment, AlarmType.LOCAL_ONLY_SUCCESS)).hasSize(1);
  }

  @Test
  void aSuccessUnderAnAppsOwnAccountIsNotCountedMissingFromTheBootstrapAccountsBill() {
    JsonNode qr = http.orderWithQr(TestNumbers.orderNo("OWN"), "12.50");
    Payment payment = payment(qr);
    successTheChannelNeverSaw(payment, 1250);
    // As if made under an app's own Alipay account: it is in that account's bill, not this one.
    jdbc.sql("UPDATE payment SET channel_config = 'cc_elsewhere' WHERE pay_id = :payId")
        .param("payId", payment.payId())
        .update();

    ReconciliationRun run = reconcileToday();

    assertThat(outcomeOf(run, payment)).isEqualTo(Outcome.MATCHED);
    assertThat(alarmsOf(payment, AlarmType.LOCAL_ONLY_SUCCESS)).isEmpty();
  }

  @Test
  void flagsAnAmountTheChannelChargedDifferentlyAndAppliesNothing() {
    JsonNode qr = http.orderWithQr(TestNumbers.orderNo("DRIFT"), "13.00");
    Payment payment = payment(qr);
    // The channel's terms drift from ours: the same out_trade_no precreated again at 13.01.
    ChannelOutcome<io.payonce.server.channel.Precreated> drifted =
        alipay.precreate(
            payment.outTradeNo(),
            io.payonce.server.money.Money.ofMinor(1301, "CNY"),
            "drift",
            clock.instant().plusSeconds(600));
    String driftedQr =
        ((ChannelOutcome.Done<io.payonce.server.channel.Precreated>) drifted).value().qrCode();
    http.dropNotifies(payment.outTradeNo());
    http.buyerPays(driftedQr);

    ReconciliationRun run = reconcileToday();
    reconcileToday();

    assertThat(outcomeOf(run, payment)).isEqualTo(Outcome.AMOUNT_MISMATCH);
    assertThat(payments.findById(payment.payId()).orElseThrow().status())
        .isNotEqualTo(PaymentStatus.SUCCESS);
    assertThat(alarmsOf(payment, AlarmType.AMOUNT_MISMATCH)).hasSize(1);
  }

  @Test
  void recordsASecondChannelSuccessForAPaidOrderAsADuplicate() {
    String orderNo = TestNumbers.orderNo("DUP");
    JsonNode firstQr = http.orderWithQr(orderNo, "14.00");
    Payment first = payment(firstQr);
    http.dropNotifies(first.outTradeNo());
    http.buyerPays(firstQr.path("qrCode").asString());
    // We gave up on the first payment while the buyer had in fact paid it, and opened another.
    transitions.apply(
        first.payId(),
        PaymentStatus.CLOSED,
        TransitionSource.API,
        "given up",
        ChannelFields.none());
    JsonNode secondQr = http.qr(orderNo);
    Payment second = payment(secondQr);
    http.buyerPays(secondQr.path("qrCode").asString());
    await().until(() -> status(second) == PaymentStatus.SUCCESS);

    ReconciliationRun run = reconcileToday();

    assertThat(second.outTradeNo()).isNotEqualTo(first.outTradeNo());
    assertThat(outcomeOf(run, first)).isEqualTo(Outcome.DUPLICATE_PAYMENT);
    assertThat(outcomeOf(run, second)).isEqualTo(Outcome.MATCHED);
    assertThat(status(first)).isEqualTo(PaymentStatus.SUCCESS);
    assertThat(alarmsOf(first, AlarmType.DUPLICATE_PAYMENT)).hasSize(1);
    assertThat(orderPaidEvents(first)).hasSize(1);
    assertThat(outcomeOf(reconcileToday(), first)).isEqualTo(Outcome.DUPLICATE_PAYMENT);
  }

  @Test
  void aRunKilledAfterItsRepairsAndBeforeItsCheckpointCompletesWithoutRepairingTwice() {
    Payment one = paidWithoutNotify("15.00");
    Payment two = paidWithoutNotify("15.01");
    http.sandboxTomorrow();
    ReconciliationRun claimed =
        reconciliations.claim("ALIPAY", "bootstrap", today, RunSource.CHANNEL).orElseThrow();

    ReconciliationRun killed =
        worker.work(
            claimed.id(),
            reconciliations.owner(),
            alipayBillOfToday(),
            RunProgress.NONE,
            rows -> true);

    assertThat(killed.status()).isEqualTo(RunStatus.RUNNING);
    assertThat(killed.rowsProcessed()).isZero();
    assertThat(status(one)).isEqualTo(PaymentStatus.SUCCESS);
    ReconciliationRun resumed = awaitFinished(reconciliations.start("ALIPAY", today).id());
    assertThat(resumed.status()).isEqualTo(RunStatus.COMPLETED);
    assertThat(resumed.attempt()).isEqualTo(claimed.attempt());
    assertThat(resumed.rowsProcessed()).isEqualTo(resumed.rowsTotal());
    assertThat(outcomeOf(resumed, one)).isEqualTo(Outcome.CHANNEL_ONLY_SUCCESS);
    assertThat(outcomeOf(resumed, two)).isEqualTo(Outcome.CHANNEL_ONLY_SUCCESS);
    assertRepairedOnce(one);
    assertRepairedOnce(two);
  }

  @Test
  void aTruncatedBillFailsTheRunAndRepairsNothing(@TempDir Path dir) throws Exception {
    Payment payment = paidWithoutNotify("16.00");
    http.sandboxTomorrow();
    byte[] bill = downloadTodaysBill();
    Path cut = Files.write(dir.resolve("cut.zip"), Arrays.copyOf(bill, bill.length / 2));

    ReconciliationRun run = runFile(LocalDate.of(2020, 1, 1), cut);

    assertThat(run.status()).isEqualTo(RunStatus.FAILED);
    assertThat(run.error()).contains("truncated");
    assertNothingRepaired(payment, run);
  }

  @Test
  void aBillInUtf8FailsTheRunAndRepairsNothing(@TempDir Path dir) throws Exception {
    assertMalformedBillRepairsNothing(
        dir,
        LocalDate.of(2020, 1, 2),
        new AlipayBillWriter.Options(
            java.nio.charset.StandardCharsets.UTF_8, AlipayBillWriter.HEADER),
        "GBK");
  }

  @Test
  void aBillMissingAColumnFailsTheRunAndRepairsNothing(@TempDir Path dir) throws Exception {
    assertMalformedBillRepairsNothing(
        dir,
        LocalDate.of(2020, 1, 3),
        new AlipayBillWriter.Options(
            AlipayBillWriter.GBK, AlipayBillWriter.HEADER.replace(",订单金额（元）", "")),
        "订单金额(元)");
  }

  private void assertMalformedBillRepairsNothing(
      Path dir, LocalDate day, AlipayBillWriter.Options options, String error) throws Exception {
    Payment payment = paidWithoutNotify("16.0" + day.getDayOfMonth());
    long amount = payments.findById(payment.payId()).orElseThrow().amount().minorUnits();
    Path file =
        writeBill(
            dir,
            options,
            writer -> writer.payment(payment.outTradeNo() + "T", payment.outTradeNo(), amount));

    ReconciliationRun run = runFile(day, file);

    assertThat(run.status()).isEqualTo(RunStatus.FAILED);
    assertThat(run.error()).contains(error);
    assertNothingRepaired(payment, run);
  }

  @Test
  void garbageRowsBecomeAnomaliesWhileTheSoundRowsOfAWholeBillAreMatched(@TempDir Path dir)
      throws Exception {
    Payment payment = paidWithoutNotify("16.03");
    Path file =
        writeBill(
            dir,
            new AlipayBillWriter.Options(AlipayBillWriter.GBK, AlipayBillWriter.HEADER),
            writer -> {
              writer.garbage("garbage,row");
              writer.payment(payment.outTradeNo() + "T", payment.outTradeNo(), 1603);
              writer.unreadableAmount("T" + System.nanoTime(), "NOT-OURS-" + System.nanoTime());
            });

    ReconciliationRun run = runFile(LocalDate.of(2020, 1, 4), file);

    assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
    assertThat(run.counts().get(Outcome.BAD_ROW)).isEqualTo(2);
    assertThat(run.rowsTotal()).isEqualTo(1);
    assertThat(outcomeOf(run, payment)).isEqualTo(Outcome.CHANNEL_ONLY_SUCCESS);
    assertThat(reconciliations.anomalies(run.id(), false, 0, 100))
        .extracting(Anomaly::kind, Anomaly::reference)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(Outcome.BAD_ROW, "line:1"),
            org.assertj.core.groups.Tuple.tuple(Outcome.BAD_ROW, "line:3"));
  }

  @Test
  void aGeneratedBillOfTradesWeNeverIssuedIsReportedRowByRow() {
    JsonNode generated =
        http.generateBill(
            "{\"billDate\":\"2020-02-01\",\"rows\":20,\"seed\":7,"
                + "\"discrepancies\":{\"missingInBill\":2,\"extraInBill\":3,\"amountMismatch\":1}}");

    HttpResponse<String> started =
        expect(
            202,
            http.post(
                "/ops/reconciliations", "{\"channel\":\"alipay\",\"billDate\":\"2020-02-01\"}"));
    ReconciliationRun run = awaitFinished(json(started).path("id").asLong());

    int billRows = generated.path("billRows").asInt();
    assertThat(billRows).isEqualTo(21);
    assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
    assertThat(run.rowsTotal()).isEqualTo(billRows);
    assertThat(run.counts().get(Outcome.UNKNOWN_TRADE)).isEqualTo(billRows);
    assertThat(run.counts().get(Outcome.MATCHED)).isZero();
  }

  @Test
  void matchesARefundOfOursAndFlagsOneTheChannelMadeWithoutUs() {
    Payment ours = paidWithNotify("17.00");
    String ourRequest = "RQ" + System.nanoTime();
    expect(
        200,
        http.post(
            "/pay/refund",
            "{\"orderNo\":\""
                + orderNoOf(ours)
                + "\",\"outRequestNo\":\""
                + ourRequest
                + "\",\"amount\":\"5.00\"}"));
    Payment theirs = paidWithNotify("17.01");
    String theirRequest = "RQX" + System.nanoTime();
    // A refund made at the channel behind our back (another tool, a person in the portal).
    assertThat(
            alipay.refund(
                theirs.outTradeNo(),
                theirRequest,
                io.payonce.server.money.Money.ofMinor(100, "CNY"),
                "portal"))
        .isInstanceOf(ChannelOutcome.Done.class);

    ReconciliationRun run = reconcileToday();

    List<Anomaly> anomalies = reconciliations.anomalies(run.id(), null, 0, 500);
    assertThat(anomalies).extracting(Anomaly::reference).doesNotContain(ourRequest);
    assertThat(anomalies)
        .filteredOn(anomaly -> anomaly.reference().equals(theirRequest))
        .singleElement()
        .satisfies(anomaly -> assertThat(anomaly.kind()).isEqualTo(Outcome.REFUND_MISMATCH));
    assertThat(run.counts().get(Outcome.REFUND_MATCHED)).isPositive();
  }

  @Test
  void aBarcodePaymentItsCancelRefundedRaisesNoAnomalyAndRepairsNothing() {
    PayOnceHttp buyer = new PayOnceHttp(port);
    String orderNo = buyer.createOrder("18.00");
    // Only the cancel's answer tells us what happened; the bill tells it again the next day.
    buyer.chaos(java.util.Map.of("notifyDrop", true));
    Answer answer = new LateBarcodeBuyer(buyer, clock).pay(orderNo, false);
    assertThat(answer.text("outcome")).isEqualTo("REVERSED");
    Payment payment = payments.findByOutTradeNo(answer.text("outTradeNo")).orElseThrow();
    orderNos.put(payment.payId(), orderNo);

    ReconciliationRun run = reconcileToday();

    // The bill has the trade's payment row and the cancel's refund row: both are ours.
    assertThat(outcomeOf(run, payment)).isEqualTo(Outcome.MATCHED);
    assertThat(reconciliations.anomalies(run.id(), null, 0, 500))
        .extracting(Anomaly::outTradeNo)
        .doesNotContain(payment.outTradeNo());
    assertThat(orders.find(TestApps.ref(orderNo)).orElseThrow().status())
        .isEqualTo(OrderStatus.PAYING);
    assertThat(orderPaidEvents(payment)).isEmpty();
  }

  /**
   * The bill has the money a buyer paid for a barcode payment we are still reversing (every answer
   * to our cancel was lost): our books do not have it paid, so it is not a match. Only the cancel's
   * answer settles a CANCELLING payment (it gives the money back, or finds it paid): left open for
   * an operator until the reversal settles it, and nothing is repaired meanwhile.
   */
  @Test
  void aPaidRowOfABarcodePaymentStillBeingReversedIsLeftOpenNotMatched() {
    PayOnceHttp buyer = new PayOnceHttp(port);
    String orderNo = buyer.createOrder("18.01");
    buyer.chaos(java.util.Map.of("notifyDrop", true));
    buyer.chaos(
        java.util.Map.of(
            "method", "alipay.trade.cancel", "gatewayErrorRate", 1.0, "gatewayErrorCode", "20000"));
    new LateBarcodeBuyer(buyer, clock).pay(orderNo, false);
    Payment payment =
        payments
            .findByOutTradeNo(buyer.payments(orderNo).get(0).path("outTradeNo").asString())
            .orElseThrow();
    orderNos.put(payment.payId(), orderNo);
    assertThat(status(payment)).isEqualTo(PaymentStatus.CANCELLING);

    ReconciliationRun run = reconcileToday();

    assertThat(outcomeOf(run, payment)).isEqualTo(Outcome.CHANNEL_ONLY_SUCCESS);
    assertThat(anomalyOf(run, payment).resolved()).isFalse();
    assertThat(status(payment)).isEqualTo(PaymentStatus.CANCELLING);
    assertThat(orderPaidEvents(payment)).isEmpty();
  }

  // --- helpers ---

  private void successTheChannelNeverSaw(Payment payment, long fen) {
    applier.apply(
        new ChannelTrade(
            payment.outTradeNo(),
            "2026" + System.nanoTime(),
            TradeState.SUCCESS,
            fen,
            null,
            clock.instant()),
        TransitionSource.NOTIFY,
        null);
  }

  private Payment paidWithoutNotify(String amount) {
    JsonNode qr = http.orderWithQr(TestNumbers.orderNo("RECON"), amount);
    Payment payment = payment(qr);
    http.dropNotifies(payment.outTradeNo());
    JsonNode paid = http.buyerPays(qr.path("qrCode").asString());
    assertThat(paid.path("tradeStatus").asString()).isEqualTo("TRADE_SUCCESS");
    assertThat(status(payment)).isNotEqualTo(PaymentStatus.SUCCESS);
    return payment;
  }

  private Payment paidWithNotify(String amount) {
    JsonNode qr = http.orderWithQr(TestNumbers.orderNo("REFUND"), amount);
    Payment payment = payment(qr);
    http.buyerPays(qr.path("qrCode").asString());
    await().until(() -> status(payment) == PaymentStatus.SUCCESS);
    return payment;
  }

  private Payment payment(JsonNode qr) {
    Payment payment = payments.findByOutTradeNo(qr.path("outTradeNo").asString()).orElseThrow();
    orderNos.put(payment.payId(), qr.path("orderNo").asString());
    return payment;
  }

  private PaymentStatus status(Payment payment) {
    return payments.findById(payment.payId()).orElseThrow().status();
  }

  private ReconciliationRun reconcileToday() {
    http.sandboxTomorrow();
    HttpResponse<String> started =
        expect(
            202,
            http.post(
                "/ops/reconciliations", "{\"channel\":\"ALIPAY\",\"billDate\":\"" + today + "\"}"));
    String location = started.headers().firstValue("Location").orElseThrow();
    long id = json(started).path("id").asLong();
    assertThat(location).endsWith("/ops/reconciliations/" + id);
    return awaitFinished(id);
  }

  private ReconciliationRun awaitFinished(long id) {
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                !"RUNNING"
                    .equals(
                        json(http.get("/ops/reconciliations/" + id)).path("status").asString()));
    return reconciliations.find(id).orElseThrow();
  }

  private ReconciliationRun runFile(LocalDate day, Path file) {
    return reconciliations
        .runNow("ALIPAY", day, new FileBillSource(file), RunProgress.NONE)
        .orElseThrow();
  }

  private byte[] downloadTodaysBill() throws Exception {
    try (InputStream in = alipayBillOfToday().open()) {
      return in.readAllBytes();
    }
  }

  private BillSource alipayBillOfToday() {
    return bills.get("ALIPAY").tradeBill(today, properties.downloadTimeout());
  }

  private static Path writeBill(
      Path dir, AlipayBillWriter.Options options, Consumer<AlipayBillWriter> rows)
      throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (AlipayBillWriter writer =
        new AlipayBillWriter(
            out, LocalDate.of(2026, 11, 28), options.charset(), options.header())) {
      rows.accept(writer);
    }
    return Files.write(dir.resolve("bill.zip"), out.toByteArray());
  }

  private Outcome outcomeOf(ReconciliationRun run, Payment payment) {
    List<Anomaly> found =
        reconciliations.anomalies(run.id(), null, 0, 500).stream()
            .filter(anomaly -> payment.outTradeNo().equals(anomaly.outTradeNo()))
            .toList();
    assertThat(found).hasSizeLessThanOrEqualTo(1);
    return found.isEmpty() ? Outcome.MATCHED : found.get(0).kind();
  }

  private Anomaly anomalyOf(ReconciliationRun run, Payment payment) {
    return reconciliations.anomalies(run.id(), null, 0, 500).stream()
        .filter(anomaly -> payment.outTradeNo().equals(anomaly.outTradeNo()))
        .findFirst()
        .orElseThrow();
  }

  private List<Alarm> alarmsOf(Payment payment, AlarmType type) {
    return alarms.of(payment.outTradeNo()).stream().filter(a -> a.type() == type).toList();
  }

  private List<OutboxEvent> orderPaidEvents(Payment payment) {
    return outbox.eventsOf(Aggregate.ORDER, payment.orderId()).stream()
        .filter(event -> event.eventType().equals("OrderPaid"))
        .toList();
  }

  private void assertRepairedOnce(Payment payment) {
    assertThat(status(payment)).isEqualTo(PaymentStatus.SUCCESS);
    Order order = orders.find(TestApps.ref(orderNoOf(payment))).orElseThrow();
    assertThat(order.status()).isEqualTo(OrderStatus.PAID);
    assertThat(orderPaidEvents(payment)).hasSize(1);
    assertThat(journal.entriesOf(Aggregate.PAYMENT, payment.payId()))
        .filteredOn(entry -> "SUCCESS".equals(entry.toStatus()))
        .singleElement()
        .satisfies(entry -> assertThat(entry.source()).isEqualTo(TransitionSource.RECONCILE));
  }

  private void assertNothingRepaired(Payment payment, ReconciliationRun run) {
    assertThat(status(payment)).isNotEqualTo(PaymentStatus.SUCCESS);
    assertThat(orderPaidEvents(payment)).isEmpty();
    assertThat(run.counts().get(Outcome.LOCAL_ONLY_SUCCESS)).isZero();
    assertThat(run.counts().get(Outcome.CHANNEL_ONLY_SUCCESS)).isZero();
  }

  private String orderNoOf(Payment payment) {
    return orderNos.get(payment.payId());
  }
}
