package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.alipay.AlipayProperties;
import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppCredentials;
import io.payonce.server.app.Apps;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelCallback;
import io.payonce.server.db.SqlTime;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.RawHttp;
import io.payonce.server.web.HostileRequests.Expect;
import io.payonce.server.web.HostileRequests.Hostile;
import io.payonce.server.web.HostileRequests.Orders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import net.jqwik.api.RandomGenerator;
import net.jqwik.api.sessions.JqwikSession;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Hostile input against the whole server over raw sockets: {@code payonce.fuzz.requests} requests
 * (10,000 by default) drawn by the jqwik generators of {@link HostileRequests} from {@code
 * payonce.fuzz.seed} (fixed by default; {@code random} draws one), each invalid by construction.
 * None may be answered 5xx, none may change a row of the {@link #snapshot() digested tables}, and
 * no body may carry a stack trace, an exception, key material or a credential. API refusals must be
 * problems, a callback's the channel's failure reply; bad credentials 401 or 403, and a malformed
 * request with good ones a 4xx (see {@link Expect}). The counts are printed and written to {@code
 * target/hostile-fuzz.txt}; see docs/security.md, "Fuzzing".
 */
@PayOnceIntegrationTest
class HostileInputFuzzIntegrationTests {

  private static final int REQUESTS = Integer.getInteger("payonce.fuzz.requests", 4_000);
  // Two cores: one request in flight per core keeps the server busy without queueing.
  private static final int SENDERS = Integer.getInteger("payonce.fuzz.senders", 2);
  private static final int BATCH = 200;
  // server.max-http-request-header-size
  private static final int HEAD_MAX = 8 * 1024;

  private static final List<Pattern> LEAKS =
      List.of(
          Pattern.compile(
              "Exception|Throwable|\\bat [a-z]+\\.[a-z]+\\.|Caused by", Pattern.CASE_INSENSITIVE),
          Pattern.compile("java\\.|org\\.springframework|org\\.apache|com\\.alipay|jdbc:|SQL"),
          Pattern.compile("-----BEGIN|MII[A-Za-z0-9+/]{100,}"),
          Pattern.compile("b3BzOnBheW9uY2U|ops:payonce"),
          Pattern.compile("\\bsign=|signature=", Pattern.CASE_INSENSITIVE));

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired List<ChannelCallback> callbacks;
  @Autowired Apps apps;
  @Autowired AppAdmin admin;
  @Autowired AlipayProperties alipay;

  @Test
  void hostileRequestsAreRefusedWithoutServerErrorsStateChangesOrLeaks() throws Exception {
    long seed = seed();
    Orders orders = fixture();
    purgeCutoff = java.time.Instant.now().plus(java.time.Duration.ofHours(1));
    Map<String, String> before = snapshot();
    Tally tally = new Tally();
    RawHttp raw = new RawHttp(port);
    long started = System.nanoTime();
    ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
    JqwikSession.start();
    try {
      RandomGenerator<Hostile> requests =
          new HostileRequests(orders, callbacks).all().generator(1000, true);
      Random random = new Random(seed);
      // Drawn in order, sent a batch at a time by a few senders, counted in order: the counts
      // and offenders do not depend on which sender was faster.
      for (int from = 0; from < REQUESTS; from += BATCH) {
        List<Hostile> batch = new ArrayList<>();
        for (int i = from; i < Math.min(REQUESTS, from + BATCH); i++) {
          batch.add(requests.next(random).value());
        }
        List<Future<Timed>> answers = new ArrayList<>();
        for (Hostile hostile : batch) {
          answers.add(senders.submit(() -> Timed.send(raw, hostile, port)));
        }
        for (int i = 0; i < batch.size(); i++) {
          Timed answer = answers.get(i).get();
          tally.took(batch.get(i), answer.nanos());
          tally.record(from + i, batch.get(i), answer.answer());
        }
      }
    } finally {
      JqwikSession.finish();
      senders.shutdownNow();
    }
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    Map<String, String> after = snapshot();
    String report = tally.report(seed, took, before, after);
    System.out.println(report);
    Files.writeString(Path.of("target", "hostile-fuzz.txt"), report);

    assertThat(tally.serverErrors).as(report).isEmpty();
    assertThat(tally.unanswered).as(report).isEmpty();
    assertThat(tally.leaks).as(report).isEmpty();
    assertThat(tally.notProblems).as(report).isEmpty();
    assertThat(tally.notFail).as(report).isEmpty();
    assertThat(tally.wrongRefusals).as(report).isEmpty();
    assertThat(after).as(report).isEqualTo(before);
  }

  private record Timed(RawHttp.Answer answer, long nanos) {
    static Timed send(RawHttp raw, Hostile hostile, int port) {
      long sent = System.nanoTime();
      RawHttp.Answer answer = raw.send(hostile.bytes(port));
      return new Timed(answer, System.nanoTime() - sent);
    }
  }

  private static long seed() {
    String value = System.getProperty("payonce.fuzz.seed", "20261130");
    return value.equals("random") ? new Random().nextLong() : Long.parseLong(value);
  }

  /**
   * A created order, one waiting to be paid (its QR code issued, a checkout session open), one paid
   * through the sandbox; an app with Alipay and WeChat Pay accounts of its own, so that the
   * per-account notify paths name real configurations; the nonce replayed requests carry, spent.
   */
  private Orders fixture() {
    PayOnceHttp http = new PayOnceHttp(port);
    String created = http.createOrder("1.00");
    String paying = http.createOrder("2.00");
    String payingNo = http.precreate(paying).text("outTradeNo");
    String cashier = http.checkout(paying);
    String paid = http.createOrder("3.00");
    PayOnceHttp.Answer qr = http.precreate(paid);
    http.walletPay(qr.text("qrCode"));
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(paid)));
    AppCredentials shop = apps.create("fuzzed shop");
    String account = String.format("%012d", System.nanoTime() % 1_000_000_000_000L);
    List<String> configKeys =
        List.of(
            admin
                .putChannel(shop.appId(), Channel.ALIPAY, Map.of("appId", "2098" + account))
                .configKey(),
            admin
                .putChannel(
                    shop.appId(),
                    Channel.WECHAT,
                    Map.of("mchid", "19" + account, "appid", "wxf" + account))
                .configKey());
    RawHttp.Request read =
        RawHttp.signed(RawHttp.Request.of("GET", "/api/orders/" + paid, List.of(), null));
    assertThat(new RawHttp(port).send(read.bytes(port)).status()).isEqualTo(200);
    return new Orders(
        created,
        paying,
        paid,
        payingNo,
        qr.text("outTradeNo"),
        cashier.substring(cashier.lastIndexOf('/') + 1),
        configKeys,
        List.of(alipay.appId(), "2098" + account),
        read);
  }

  /** What invalid input must never change, table by table: a digest of the rows' state. */
  /** Rows expiring before this are the purgers' (see {@link #snapshot()}). */
  private java.time.Instant purgeCutoff;

  private Map<String, String> snapshot() {
    Map<String, String> digests = new TreeMap<>();
    digests.put("orders", digest("SELECT id, status, version FROM orders ORDER BY id"));
    digests.put(
        "payment", digest("SELECT pay_id, status, version, trade_no FROM payment ORDER BY pay_id"));
    digests.put(
        "refund", digest("SELECT id, status, amount_minor, updated_at FROM refund ORDER BY id"));
    digests.put("outbox", digest("SELECT id, event_type FROM outbox ORDER BY id"));
    digests.put("notify_dedup", digest("SELECT id, event_key FROM notify_dedup ORDER BY id"));
    digests.put("journal", digest("SELECT id, to_status FROM journal ORDER BY id"));
    // Rows the purgers may delete while the run lasts (expired, or expiring within the hour) are
    // theirs to change, not the input's: a slow run outlived some of the earlier tests' rows.
    digests.put(
        "pay_token",
        digest("SELECT id, used_at FROM pay_token WHERE purge_after > :cutoff ORDER BY id"));
    digests.put(
        "checkout_session",
        digest("SELECT token_hash, expires_at FROM checkout_session ORDER BY token_hash"));
    digests.put(
        "merchant_app",
        digest("SELECT app_id, name, status, webhook_url FROM merchant_app ORDER BY app_id"));
    digests.put("app_secret", digest("SELECT id, revoked_at FROM app_secret ORDER BY id"));
    digests.put(
        "channel_config",
        digest(
            "SELECT config_key, current_app_id, version FROM channel_config ORDER BY config_key"));
    digests.put(
        "webhook_delivery",
        digest("SELECT id, state, attempts, next_attempt_at FROM webhook_delivery ORDER BY id"));
    digests.put("webhook_attempt", digest("SELECT id FROM webhook_attempt ORDER BY id"));
    digests.put("operator", digest("SELECT id, role, status FROM operator ORDER BY id"));
    // An operator's refused action is recorded as such (FAILED), by design: the audit keeps the
    // attempts too. Only one that ran, or still runs, would be a change.
    digests.put(
        "operator_action",
        digest("SELECT id, outcome FROM operator_action WHERE outcome <> 'FAILED' ORDER BY id"));
    digests.put(
        "reconciliation_run", digest("SELECT id, status FROM reconciliation_run ORDER BY id"));
    digests.put(
        "reconciliation_anomaly",
        digest("SELECT id, resolved_at FROM reconciliation_anomaly ORDER BY id"));
    // A refusal answered under an Idempotency-Key is stored (so that a retry gets the same
    // answer): only a stored success or a request still in progress would be a change.
    digests.put(
        "idempotency_record",
        digest(
            "SELECT id, state, response_status FROM idempotency_record"
                + " WHERE (response_status IS NULL OR response_status < 400)"
                + " AND expires_at > :cutoff ORDER BY id"));
    return digests;
  }

  private String digest(String sql) {
    var statement = jdbc.sql(sql);
    if (sql.contains(":cutoff")) {
      statement = statement.param("cutoff", SqlTime.toColumn(purgeCutoff));
    }
    List<String> rows =
        statement
            .query(
                (rs, n) -> {
                  StringBuilder row = new StringBuilder();
                  for (int c = 1; c <= rs.getMetaData().getColumnCount(); c++) {
                    row.append(rs.getString(c)).append('|');
                  }
                  return row.toString();
                })
            .list();
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      rows.forEach(row -> sha.update(row.getBytes(StandardCharsets.UTF_8)));
      return rows.size() + " rows " + HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Counts by route, defect and status; the offenders, by index in the seeded sequence. */
  private static final class Tally {

    private static final int KEEP = 20;

    final Map<String, Map<Integer, Integer>> byRoute = new TreeMap<>();
    final Map<String, Integer> byDefect = new TreeMap<>();
    final List<String> serverErrors = new ArrayList<>();
    final List<String> unanswered = new ArrayList<>();
    final List<String> leaks = new ArrayList<>();
    final List<String> notProblems = new ArrayList<>();
    final List<String> notFail = new ArrayList<>();
    final List<String> wrongRefusals = new ArrayList<>();
    final List<String> accepted = new ArrayList<>();
    final Map<String, Long> nanosByRoute = new TreeMap<>();
    int total;
    int noAnswer;

    void took(Hostile hostile, long nanos) {
      nanosByRoute.merge(hostile.route(), nanos, Long::sum);
    }

    void record(int index, Hostile hostile, RawHttp.Answer answer) {
      total++;
      byRoute
          .computeIfAbsent(hostile.route(), r -> new TreeMap<>())
          .merge(answer.status(), 1, Integer::sum);
      byDefect.merge(hostile.defect(), 1, Integer::sum);
      String what =
          "#" + index + " " + hostile.defect() + " " + hostile.route() + " -> " + answer.status();
      if (answer.status() == 0 && answer.body().isEmpty()) {
        noAnswer++;
        keep(unanswered, what);
        return;
      }
      // Pages (the shop, a cashier) may answer any number; state-changing routes must refuse.
      if (answer.status() >= 200
          && answer.status() < 300
          && !hostile.callback()
          && !hostile.route().equals("/")
          && !new String(hostile.bytes(0), StandardCharsets.ISO_8859_1).startsWith("OPTIONS ")
          && !hostile.route().startsWith("/cashier")
          && !hostile.route().startsWith("/v3/api-docs")) {
        keep(accepted, what + " " + requestSnippet(hostile));
      }
      if (answer.status() >= 500) {
        keep(serverErrors, what + " " + snippet(answer.body()));
      }
      for (Pattern leak : LEAKS) {
        if (leak.matcher(answer.body()).find()) {
          keep(leaks, what + " matches " + leak + ": " + snippet(answer.body()));
        }
      }
      if (!expected(hostile.expect(), answer)) {
        keep(wrongRefusals, what + " (" + hostile.expect() + ") " + requestSnippet(hostile));
      }
      boolean failureReply = answer.body().equals(hostile.failureReply());
      if (hostile.callback()) {
        // A head larger than Tomcat takes may be refused before its path is read, as a problem.
        boolean pathUnknown = headSize(hostile) > HEAD_MAX && answer.isProblem();
        if (!failureReply && !pathUnknown) {
          keep(notFail, what + " " + snippet(answer.body()));
        }
      } else if (answer.status() >= 400
          && answer.status() != 0
          && !answer.isProblem()
          && !cashierPageNotFound(hostile, answer)) {
        keep(notProblems, what + " " + answer.contentType() + " " + snippet(answer.body()));
      }
    }

    /** The buyer's page for a token that is no session: a page for people, with its 404. */
    private static boolean cashierPageNotFound(Hostile hostile, RawHttp.Answer answer) {
      return hostile.route().equals("/cashier/")
          && answer.status() == 404
          && answer.contentType().startsWith("text/html");
    }

    /** Bad credentials: 401 or 403; good ones on a bad request: any 4xx; both as problems. */
    private static boolean expected(Expect expect, RawHttp.Answer answer) {
      return switch (expect) {
        case ANY_REFUSAL -> true;
        case UNAUTHENTICATED ->
            (answer.status() == 401 || answer.status() == 403) && answer.isProblem();
        case UNAUTHENTICATED_OR_MALFORMED ->
            (answer.status() == 400 || answer.status() == 401 || answer.status() == 403)
                && answer.isProblem();
        case CLIENT_ERROR -> answer.status() >= 400 && answer.status() < 500 && answer.isProblem();
      };
    }

    private static int headSize(Hostile hostile) {
      String sent = new String(hostile.bytes(0), StandardCharsets.ISO_8859_1);
      int end = sent.indexOf("\r\n\r\n");
      return end < 0 ? sent.length() : end;
    }

    private static void keep(List<String> list, String entry) {
      if (list.size() < KEEP) {
        list.add(entry);
      }
    }

    private static String requestSnippet(Hostile hostile) {
      return snippet(new String(hostile.bytes(0), StandardCharsets.ISO_8859_1));
    }

    private static String snippet(String body) {
      String line = body.replaceAll("\\s+", " ");
      return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }

    String report(long seed, Duration took, Map<String, String> before, Map<String, String> after) {
      StringBuilder out = new StringBuilder();
      out.append("hostile-input fuzz: seed=")
          .append(seed)
          .append(" requests=")
          .append(total)
          .append(" took=")
          .append(took.toSeconds())
          .append("s\n");
      Map<Integer, Integer> statuses = new TreeMap<>();
      byRoute.values().forEach(m -> m.forEach((s, n) -> statuses.merge(s, n, Integer::sum)));
      out.append("statuses: ").append(statuses).append('\n');
      out.append("responses 5xx: ").append(count(statuses, 500, 600)).append('\n');
      out.append("no answer: ").append(noAnswer).append('\n');
      out.append("HTTP/0.9 answers (no status line): ")
          .append(statuses.getOrDefault(0, 0) - noAnswer)
          .append('\n');
      out.append("bodies with stack traces, exceptions or secrets: ")
          .append(leaks.size())
          .append('\n');
      out.append("API refusals that are not problems: ").append(notProblems.size()).append('\n');
      out.append("callback answers other than the channel's failure reply: ")
          .append(notFail.size())
          .append('\n');
      out.append("credential refusals not 401/403, bad operator requests not 4xx: ")
          .append(wrongRefusals.size())
          .append('\n');
      Map<String, String> changed = new LinkedHashMap<>();
      before.forEach(
          (table, digest) -> {
            if (!digest.equals(after.get(table))) {
              changed.put(table, digest + " -> " + after.get(table));
            }
          });
      out.append("state changes: ").append(changed.isEmpty() ? "none" : changed).append('\n');
      out.append("tables: ").append(after).append('\n');
      out.append("by route (status=count):\n");
      byRoute.forEach(
          (route, m) -> out.append("  ").append(route).append(' ').append(m).append('\n'));
      out.append("by defect: ").append(byDefect).append('\n');
      out.append("slowest routes (total seconds): ");
      nanosByRoute.entrySet().stream()
          .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
          .limit(8)
          .forEach(
              e ->
                  out.append(e.getKey())
                      .append('=')
                      .append(e.getValue() / 1_000_000_000.0)
                      .append("  "));
      out.append('\n');
      for (var offenders :
          Map.of(
                  "5xx", serverErrors,
                  "unanswered", unanswered,
                  "leaks", leaks,
                  "not problems", notProblems,
                  "not the failure reply", notFail,
                  "wrong refusal", wrongRefusals,
                  "accepted (2xx)", accepted)
              .entrySet()) {
        offenders
            .getValue()
            .forEach(o -> out.append(offenders.getKey()).append(": ").append(o).append('\n'));
      }
      return out.toString();
    }

    private static int count(Map<Integer, Integer> statuses, int from, int to) {
      return statuses.entrySet().stream()
          .filter(e -> e.getKey() >= from && e.getKey() < to)
          .mapToInt(Map.Entry::getValue)
          .sum();
    }
  }
}
