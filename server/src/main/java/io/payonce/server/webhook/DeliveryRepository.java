package io.payonce.server.webhook;

import io.payonce.server.db.SqlTime;
import io.payonce.server.db.UpdateReturning;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * The webhook_delivery and webhook_attempt tables. Every state change is one conditional UPDATE
 * whose row count says whether it happened; a dispatcher's claim is a token and a lease, as on the
 * outbox, so instances racing on the same rows never both work one.
 */
@Repository
class DeliveryRepository {

  // Born claimed when the hand-off's own dispatcher takes it: token and lease set, attempts 1 (a
  // claim counts the attempt it is for); else unclaimed, attempts 0, due at once.
  private static final String INSERT =
      """
      INSERT INTO webhook_delivery (event_id, event_type, app_id, order_no, url, destination, body,
                                    state, attempts, schedule_step, next_attempt_at, claim_token,
                                    claim_until, created_at, updated_at)
      VALUES (:eventId, :eventType, :appId, :orderNo, :url, :destination, :body,
              'PENDING', :attempts, 0, :now, :token, :until, :now, :now)
      """;

  // 'PENDING' a literal, as in every read of the rows still to do: on PostgreSQL the partial
  // ix_webhook_delivery_due (V86) serves it under a generic plan as well.
  private static final String DUE =
      """
      SELECT id, app_id
      FROM webhook_delivery
      WHERE state = 'PENDING'
        AND next_attempt_at <= :now
        AND (claim_until IS NULL OR claim_until < :now)
      """;

  private static final String DUE_ORDER = " ORDER BY next_attempt_at, id LIMIT :limit";

  private static final String CLAIM =
      """
      UPDATE webhook_delivery
      SET claim_token = :token,
          claim_until = :until,
          attempts = attempts + 1,
          updated_at = :now
      WHERE id IN (:ids)
        AND state = 'PENDING'
        AND next_attempt_at <= :now
        AND (claim_until IS NULL OR claim_until < :now)
      """;

  // A resend arms the delivery again and claims it for the operator's attempt in one statement.
  private static final String REARM_AND_CLAIM =
      """
      UPDATE webhook_delivery
      SET state = 'PENDING',
          schedule_step = 0,
          next_attempt_at = :now,
          claim_token = :token,
          claim_until = :until,
          attempts = attempts + 1,
          updated_at = :now
      WHERE id = :id
        AND state IN (:from)
      """;

  // What a claim hands its dispatcher: the columns SELECT_CLAIMED reads and CLAIM_RETURNING
  // returns.
  private static final String CLAIMED_COLUMNS =
      "id, event_id, app_id, url, body, attempts, schedule_step";

  // No index covers claim_token (a claim's UPDATE writes no index, V85): a read that knows the
  // ids names them, for the primary key; one that does not goes by ix_webhook_delivery_due.
  private static final String SELECT_CLAIMED =
      "SELECT "
          + CLAIMED_COLUMNS
          + """

          FROM webhook_delivery
          WHERE claim_token = :token
            AND state = 'PENDING'
          """;

  private static final String CLAIMED_ORDER = " ORDER BY id";

  // The claim and what it took in one statement, where the database has UPDATE … RETURNING: the
  // rows this UPDATE changed are exactly the ones its token took.
  private static final String CLAIM_RETURNING =
      "WITH claimed AS ("
          + CLAIM
          + "RETURNING "
          + CLAIMED_COLUMNS
          + ")\nSELECT * FROM claimed ORDER BY id";

  // A 2xx is delivered whoever holds the lease now: the receiver has the event. The state
  // condition makes a second 2xx (a lease taken over mid-POST) change nothing.
  private static final String MARK_DELIVERED =
      """
      UPDATE webhook_delivery
      SET state = 'DELIVERED',
          delivered_at = :now,
          claim_token = NULL,
          claim_until = NULL,
          last_status = :status,
          last_failure = NULL,
          updated_at = :now
      WHERE id = :id
        AND state = 'PENDING'
      """;

  // Only the lease's holder moves a failed delivery on: a holder whose lease was taken over
  // records its attempt and changes nothing.
  private static final String FAIL =
      """
      UPDATE webhook_delivery
      SET state = :state,
          schedule_step = :step,
          next_attempt_at = :next,
          claim_token = NULL,
          claim_until = NULL,
          last_status = :status,
          last_failure = :failure,
          updated_at = :now
      WHERE id = :id
        AND state = 'PENDING'
        AND claim_token = :token
      """;

  // An attempt's row but for its state after, the last value.
  private static final String INSERT_ATTEMPT_UP_TO_STATE =
      """
      INSERT INTO webhook_attempt (delivery_id, attempt_no, cause, requested_by, started_at,
                                   latency_ms, status_code, failure, state_after)
      VALUES (:deliveryId, :attemptNo, :cause, :requestedBy, :startedAt, :latencyMs, :status,
              :failure, \
      """;

  private static final String INSERT_ATTEMPT = INSERT_ATTEMPT_UP_TO_STATE + ":stateAfter)";

  // A 2xx's outcome in one statement, where the database has UPDATE … RETURNING: the delivery
  // marked as MARK_DELIVERED does and its attempt recorded, DELIVERED when this UPDATE changed it.
  // One statement is one transaction in auto-commit: both or neither, as in settle's.
  private static final String DELIVERED_WITH_ATTEMPT =
      "WITH delivered AS ("
          + MARK_DELIVERED
          + "RETURNING id)\n"
          + INSERT_ATTEMPT_UP_TO_STATE
          + "(SELECT 'DELIVERED' FROM delivered))\nRETURNING state_after";

  private static final String SELECT_COLUMNS =
      """
      SELECT id, event_id, event_type, app_id, order_no, url, destination, state, attempts,
             next_attempt_at, last_status, last_failure, created_at, delivered_at
      FROM webhook_delivery
      """;

  // The state a literal, one text per state: on PostgreSQL the partial indexes (V86) serve a
  // predicate the query names, which a generic plan cannot match against a bind parameter.
  private static final Map<DeliveryState, String> IN_STATE = new EnumMap<>(DeliveryState.class);

  static {
    for (DeliveryState state : DeliveryState.values()) {
      IN_STATE.put(
          state,
          SELECT_COLUMNS + "WHERE state = '" + state.name() + "' ORDER BY id DESC LIMIT :limit");
    }
  }

  private static final String SELECT_ATTEMPTS =
      """
      SELECT id, attempt_no, cause, requested_by, started_at, latency_ms, status_code, failure,
             state_after
      FROM webhook_attempt
      WHERE delivery_id = :deliveryId
      ORDER BY id
      """;

  private static final String COUNT_PENDING =
      """
      SELECT COUNT(*)
      FROM webhook_delivery
      WHERE state = 'PENDING'
      """;

  private final JdbcClient jdbc;
  private final UpdateReturning returning;

  DeliveryRepository(JdbcClient jdbc, UpdateReturning returning) {
    this.jdbc = jdbc;
    this.returning = returning;
  }

  /** What the relay's hand-off records for one event and destination. */
  record NewDelivery(
      String eventId,
      String eventType,
      String appId,
      String orderNo,
      String url,
      String destination,
      String body) {}

  /** A delivery a dispatcher (or a resend) holds the lease of. */
  record ClaimedDelivery(
      long id,
      String eventId,
      String appId,
      String url,
      String body,
      int attempts,
      int step,
      String token) {}

  /** A due delivery and its app, before it is claimed. */
  record Due(long id, String appId) {}

  /** A lease a delivery is written with: the writer's own dispatcher will post it. */
  record BirthClaim(String token, Instant until) {}

  /**
   * Records the delivery unless the event already has one to this URL (the unique key settles a
   * race between two relays handing over the same event), leased by {@code claim} when not null.
   *
   * @return the delivery as claimed, or its id alone (token null) when written unclaimed; empty
   *     when the event already had it
   */
  Optional<ClaimedDelivery> insertIfAbsent(NewDelivery delivery, Instant now, BirthClaim claim) {
    try {
      return Optional.of(insert(delivery, now, claim));
    } catch (DuplicateKeyException e) {
      return Optional.empty();
    }
  }

  /**
   * Records the delivery, leased by {@code claim} when not null.
   *
   * @return the delivery as claimed, or its id alone (token null) when written unclaimed
   * @throws DuplicateKeyException when the event already has a delivery to this URL
   */
  ClaimedDelivery insert(NewDelivery delivery, Instant now, BirthClaim claim) {
    KeyHolder key = new GeneratedKeyHolder();
    JdbcClient.StatementSpec insert =
        jdbc.sql(INSERT)
            .param("eventId", delivery.eventId())
            .param("eventType", delivery.eventType())
            .param("appId", delivery.appId())
            .param("orderNo", delivery.orderNo(), Types.VARCHAR)
            .param("url", delivery.url())
            .param("destination", delivery.destination())
            .param("body", delivery.body())
            .param("attempts", claim == null ? 0 : 1)
            .param("token", claim == null ? null : claim.token(), Types.VARCHAR)
            .param("now", SqlTime.toColumn(now));
    insert =
        claim == null
            ? insert.param("until", null, Types.TIMESTAMP)
            : insert.param("until", SqlTime.toColumn(claim.until()));
    insert.update(key, "id");
    return new ClaimedDelivery(
        key.getKey().longValue(),
        delivery.eventId(),
        delivery.appId(),
        delivery.url(),
        delivery.body(),
        claim == null ? 0 : 1,
        0,
        claim == null ? null : claim.token());
  }

  /** Due, unclaimed deliveries, oldest due first, leaving out the apps in {@code skipApps}. */
  List<Due> due(Instant now, int limit, Collection<String> skipApps) {
    String sql = DUE + (skipApps.isEmpty() ? "" : " AND app_id NOT IN (:skip)") + DUE_ORDER;
    JdbcClient.StatementSpec statement =
        jdbc.sql(sql).param("now", SqlTime.toColumn(now)).param("limit", limit);
    if (!skipApps.isEmpty()) {
      statement = statement.param("skip", skipApps);
    }
    return statement.query(DeliveryRepository::dueRow).list();
  }

  /** Due, unclaimed deliveries of the apps in {@code ofApps} alone, oldest due first. */
  List<Due> dueOf(Instant now, int limit, Collection<String> ofApps) {
    return jdbc.sql(DUE + " AND app_id IN (:apps)" + DUE_ORDER)
        .param("now", SqlTime.toColumn(now))
        .param("apps", ofApps)
        .param("limit", limit)
        .query(DeliveryRepository::dueRow)
        .list();
  }

  /**
   * Claims what of {@code ids} is still due and unclaimed; returns what this token took, by id: one
   * statement where the database has UPDATE … RETURNING, else the UPDATE and, when it took any, a
   * read of what {@code token} holds.
   */
  List<ClaimedDelivery> claim(Collection<Long> ids, String token, Instant now, Instant until) {
    return returning.changed(
        () -> claimParams(CLAIM_RETURNING, ids, token, now, until).query(claimed(token)).list(),
        () -> claimParams(CLAIM, ids, token, now, until).update(),
        taken -> heldBy(ids, token));
  }

  private JdbcClient.StatementSpec claimParams(
      String sql, Collection<Long> ids, String token, Instant now, Instant until) {
    return jdbc.sql(sql)
        .param("ids", ids)
        .param("token", token)
        .param("now", SqlTime.toColumn(now))
        .param("until", SqlTime.toColumn(until));
  }

  /** Arms a delivered or parked delivery again and claims it; empty when it was neither. */
  Optional<ClaimedDelivery> rearmAndClaim(long id, String token, Instant now, Instant until) {
    int armed =
        jdbc.sql(REARM_AND_CLAIM)
            .param("id", id)
            .param("from", DeliveryState.resendable())
            .param("token", token)
            .param("now", SqlTime.toColumn(now))
            .param("until", SqlTime.toColumn(until))
            .update();
    return armed == 0 ? Optional.empty() : heldBy(List.of(id), token).stream().findFirst();
  }

  /** The PENDING deliveries {@code token} holds. */
  List<ClaimedDelivery> heldBy(String token) {
    return jdbc.sql(SELECT_CLAIMED + CLAIMED_ORDER)
        .param("token", token)
        .query(claimed(token))
        .list();
  }

  /** The PENDING deliveries of {@code ids} that {@code token} holds. */
  private List<ClaimedDelivery> heldBy(Collection<Long> ids, String token) {
    return jdbc.sql(SELECT_CLAIMED + " AND id IN (:ids)" + CLAIMED_ORDER)
        .param("ids", ids)
        .param("token", token)
        .query(claimed(token))
        .list();
  }

  private static RowMapper<ClaimedDelivery> claimed(String token) {
    return (rs, row) ->
        new ClaimedDelivery(
            rs.getLong("id"),
            rs.getString("event_id"),
            rs.getString("app_id"),
            rs.getString("url"),
            rs.getString("body"),
            rs.getInt("attempts"),
            rs.getInt("schedule_step"),
            token);
  }

  boolean markDelivered(long id, int status, Instant now) {
    return jdbc.sql(MARK_DELIVERED)
            .param("id", id)
            .param("status", status)
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  /**
   * Moves a failed delivery to {@code state} (PENDING again, due at {@code next}, or PARKED) if
   * {@code token} still holds it.
   */
  boolean fail(
      long id,
      String token,
      DeliveryState state,
      int step,
      Instant next,
      Integer status,
      String failure,
      Instant now) {
    return jdbc.sql(FAIL)
            .param("id", id)
            .param("token", token)
            .param("state", state.name())
            .param("step", step)
            .param("next", SqlTime.toColumn(next))
            .param("status", status, Types.INTEGER)
            .param("failure", failure, Types.VARCHAR)
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  void insertAttempt(
      long deliveryId,
      int attemptNo,
      String cause,
      String requestedBy,
      PostResult result,
      DeliveryState stateAfter) {
    attemptParams(jdbc.sql(INSERT_ATTEMPT), deliveryId, attemptNo, cause, requestedBy, result)
        .param("stateAfter", stateAfter == null ? null : stateAfter.name(), Types.VARCHAR)
        .update();
  }

  /** Whether {@link #deliveredWithAttempt} can record a 2xx: the database has RETURNING. */
  boolean deliversInOneStatement() {
    return returning.supported();
  }

  /**
   * A 2xx's outcome in one statement: {@link #markDelivered} and {@link #insertAttempt}, its state
   * after DELIVERED when this marked it, else none. Only where {@link #deliversInOneStatement}.
   *
   * @return whether this attempt delivered it
   */
  boolean deliveredWithAttempt(
      long id, int attemptNo, String cause, String requestedBy, PostResult result, Instant now) {
    return attemptParams(
            jdbc.sql(DELIVERED_WITH_ATTEMPT), id, attemptNo, cause, requestedBy, result)
        .param("id", id)
        .param("now", SqlTime.toColumn(now))
        .query((rs, row) -> rs.getString("state_after") != null)
        .single();
  }

  private static JdbcClient.StatementSpec attemptParams(
      JdbcClient.StatementSpec statement,
      long deliveryId,
      int attemptNo,
      String cause,
      String requestedBy,
      PostResult result) {
    return statement
        .param("deliveryId", deliveryId)
        .param("attemptNo", attemptNo)
        .param("cause", cause)
        .param("requestedBy", requestedBy, Types.VARCHAR)
        .param("startedAt", SqlTime.toColumn(result.startedAt()))
        .param("latencyMs", result.latencyMs())
        .param("status", result.status(), Types.INTEGER)
        .param("failure", result.failure(), Types.VARCHAR);
  }

  /**
   * The payment (out_trade_no) an event concerns, as its outbox row recorded it when the event was
   * written: empty for an event without one (an order's creation) or whose row is gone.
   */
  Optional<String> outTradeNoOf(String eventId) {
    return jdbc
        .sql("SELECT out_trade_no FROM outbox WHERE event_id = :eventId")
        .param("eventId", eventId)
        .query((rs, row) -> Optional.ofNullable(rs.getString(1)))
        .list()
        .stream()
        .flatMap(Optional::stream)
        .findFirst();
  }

  Optional<WebhookDelivery> find(long id) {
    return jdbc.sql(SELECT_COLUMNS + "WHERE id = :id")
        .param("id", id)
        .query(DeliveryRepository::delivery)
        .optional();
  }

  List<WebhookDelivery> ofOrderNo(String orderNo, int limit) {
    return jdbc.sql(SELECT_COLUMNS + "WHERE order_no = :orderNo ORDER BY id LIMIT :limit")
        .param("orderNo", orderNo)
        .param("limit", limit)
        .query(DeliveryRepository::delivery)
        .list();
  }

  List<WebhookDelivery> ofEvent(String eventId) {
    return jdbc.sql(SELECT_COLUMNS + "WHERE event_id = :eventId ORDER BY id")
        .param("eventId", eventId)
        .query(DeliveryRepository::delivery)
        .list();
  }

  List<WebhookDelivery> inState(DeliveryState state, int limit) {
    return jdbc.sql(IN_STATE.get(state))
        .param("limit", limit)
        .query(DeliveryRepository::delivery)
        .list();
  }

  List<WebhookAttempt> attempts(long deliveryId) {
    return jdbc.sql(SELECT_ATTEMPTS)
        .param("deliveryId", deliveryId)
        .query(DeliveryRepository::attempt)
        .list();
  }

  long pending() {
    return jdbc.sql(COUNT_PENDING).query(Long.class).single();
  }

  private static Due dueRow(ResultSet rs, int row) throws SQLException {
    return new Due(rs.getLong("id"), rs.getString("app_id"));
  }

  private static WebhookDelivery delivery(ResultSet rs, int row) throws SQLException {
    return new WebhookDelivery(
        rs.getLong("id"),
        rs.getString("event_id"),
        rs.getString("event_type"),
        rs.getString("app_id"),
        rs.getString("order_no"),
        rs.getString("url"),
        rs.getString("destination"),
        DeliveryState.valueOf(rs.getString("state")),
        rs.getInt("attempts"),
        SqlTime.fromColumn(rs, "next_attempt_at"),
        rs.getObject("last_status", Integer.class),
        rs.getString("last_failure"),
        SqlTime.fromColumn(rs, "created_at"),
        SqlTime.fromColumn(rs, "delivered_at"),
        List.of());
  }

  private static WebhookAttempt attempt(ResultSet rs, int row) throws SQLException {
    String after = rs.getString("state_after");
    return new WebhookAttempt(
        rs.getLong("id"),
        rs.getInt("attempt_no"),
        rs.getString("cause"),
        rs.getString("requested_by"),
        SqlTime.fromColumn(rs, "started_at"),
        rs.getLong("latency_ms"),
        rs.getObject("status_code", Integer.class),
        rs.getString("failure"),
        after == null ? null : DeliveryState.valueOf(after));
  }
}
