package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * B1 is "the service's own statements over raw JDBC": each statement the bench copies must stay the
 * server's, or B1 measures something else. The server's SQL constants are read from its classes and
 * compared with the bench's, placeholders (named there, positional here) and white space aside.
 */
class RawScanToPaySqlUnitTests {

  private static final Pattern NAMED = Pattern.compile(":[A-Za-z]+");
  private static final Pattern IN_LIST = Pattern.compile("IN \\((\\?(, \\?)*|%s)\\)");

  static Map<String, String> copies() {
    return Map.ofEntries(
        Map.entry("INSERT_ORDER", "io.payonce.server.order.OrderRepository#INSERT"),
        Map.entry("ORDER_COLUMNS", "io.payonce.server.order.OrderRepository#SELECT_COLUMNS"),
        Map.entry(
            "LOCK_ORDER_IF_PAYABLE", "io.payonce.server.order.OrderRepository#LOCK_IF_STATUS_IN"),
        Map.entry("ORDER_TRANSITION", "io.payonce.server.order.OrderRepository#TRANSITION"),
        Map.entry(
            "SELECT_ORDER_STATUS_FOR_UPDATE",
            "io.payonce.server.order.OrderRepository#SELECT_STATUS_FOR_UPDATE"),
        Map.entry(
            "SELECT_ORDER_FOR_UPDATE", "io.payonce.server.order.OrderRepository#SELECT_FOR_UPDATE"),
        Map.entry(
            "ORDER_TRANSITION_RETURNING",
            "io.payonce.server.order.OrderRepository#TRANSITION_RETURNING"),
        Map.entry(
            "SELECT_ORDER_TRANSITIONED",
            "io.payonce.server.order.OrderRepository#SELECT_TRANSITIONED"),
        Map.entry("INSERT_PAYMENT", "io.payonce.server.payment.PaymentRepository#INSERT"),
        Map.entry("PAYMENT_COLUMNS", "io.payonce.server.payment.PaymentRepository#SELECT_COLUMNS"),
        Map.entry("PAYMENT_TRANSITION", "io.payonce.server.payment.PaymentRepository#TRANSITION"),
        Map.entry(
            "PAYMENT_TRANSITIONED_OF_ROW",
            "io.payonce.server.payment.PaymentRepository#TRANSITIONED_OF_ROW"),
        Map.entry(
            "PAYMENT_TRANSITION_RETURNING",
            "io.payonce.server.payment.PaymentRepository#TRANSITION_RETURNING"),
        Map.entry(
            "SELECT_ORDER_WITH_IN_FLIGHT",
            "io.payonce.server.payment.PaymentRepository#SELECT_ORDER_WITH_IN_FLIGHT"),
        Map.entry(
            "SELECT_PAYMENT_WITH_FACT",
            "io.payonce.server.payment.PaymentRepository#SELECT_WITH_FACT"),
        Map.entry("INSERT_JOURNAL", "io.payonce.server.journal.Journal#INSERT"),
        Map.entry("INSERT_OUTBOX", "io.payonce.server.outbox.OutboxWriter#INSERT"),
        Map.entry("INSERT_NOTIFY_DEDUP", "io.payonce.server.payment.AppliedFacts#INSERT"));
  }

  static Iterable<String> statements() {
    return copies().keySet();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("statements")
  void theBenchRunsTheServersOwnStatement(String benchConstant) throws Exception {
    String[] server = copies().get(benchConstant).split("#");

    assertThat(normalized(constant(RawScanToPay.class, benchConstant)))
        .isEqualTo(normalized(constant(Class.forName(server[0]), server[1])));
  }

  private static String constant(Class<?> type, String name) throws ReflectiveOperationException {
    Field field = type.getDeclaredField(name);
    field.setAccessible(true);
    return (String) field.get(null);
  }

  /** Placeholders as "?", IN lists as one, white space as single spaces. */
  static String normalized(String sql) {
    String positional = NAMED.matcher(sql).replaceAll("?");
    return IN_LIST.matcher(positional.replaceAll("\\s+", " ").trim()).replaceAll("IN (…)");
  }
}
