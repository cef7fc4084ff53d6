package io.payonce.server.app;

import io.payonce.server.db.SqlTime;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The merchant_app and app_secret tables. */
@Repository
class AppRepository {

  private static final String INSERT_APP =
      """
      INSERT INTO merchant_app (app_id, name, status, webhook_url, webhook_secret_enc, created_at)
      VALUES (:appId, :name, :status, :webhookUrl, :webhookSecret, :now)
      """;

  private static final String SELECT_APP =
      """
      SELECT app_id, name, status, webhook_url
      FROM merchant_app
      WHERE app_id = :appId
      """;

  // One statement, so the app's status and its secrets come from one snapshot, without a
  // transaction: a signed request's check costs one round trip. No active secret: one row, NULL.
  private static final String SELECT_APP_WITH_ACTIVE_SECRETS =
      """
      SELECT a.app_id, a.name, a.status, a.webhook_url, s.secret_enc
      FROM merchant_app a
      LEFT JOIN app_secret s ON s.app_id = a.app_id AND s.revoked_at IS NULL
      WHERE a.app_id = :appId
      ORDER BY s.id DESC
      """;

  private static final String SELECT_ALL_APPS =
      """
      SELECT app_id, name, status, webhook_url
      FROM merchant_app
      ORDER BY created_at, app_id
      """;

  private static final String SELECT_WEBHOOK_SECRET =
      """
      SELECT webhook_secret_enc
      FROM merchant_app
      WHERE app_id = :appId
      """;

  private static final String UPDATE_STATUS =
      """
      UPDATE merchant_app
      SET status = :status
      WHERE app_id = :appId
      """;

  private static final String UPDATE_WEBHOOK =
      """
      UPDATE merchant_app
      SET webhook_url = :webhookUrl,
          webhook_secret_enc = :webhookSecret
      WHERE app_id = :appId
      """;

  private static final String INSERT_SECRET =
      """
      INSERT INTO app_secret (app_id, secret_enc, created_at)
      VALUES (:appId, :secret, :now)
      """;

  private static final String SELECT_ACTIVE_SECRETS =
      """
      SELECT id, secret_enc
      FROM app_secret
      WHERE app_id = :appId
        AND revoked_at IS NULL
      ORDER BY id DESC
      """;

  private static final String REVOKE_SECRET =
      """
      UPDATE app_secret
      SET revoked_at = :now
      WHERE id = :id
        AND revoked_at IS NULL
      """;

  private final JdbcClient jdbc;

  AppRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** A stored secret: its row id and its encrypted value. */
  record StoredSecret(long id, String encrypted) {}

  void insert(MerchantApp app, String webhookSecretEnc, Instant now) {
    jdbc.sql(INSERT_APP)
        .param("appId", app.appId())
        .param("name", app.name())
        .param("status", app.status().name())
        .param("webhookUrl", app.webhookUrl())
        .param("webhookSecret", webhookSecretEnc)
        .param("now", SqlTime.toColumn(now))
        .update();
  }

  Optional<MerchantApp> find(String appId) {
    return jdbc.sql(SELECT_APP).param("appId", appId).query(AppRepository::map).optional();
  }

  /** The app and its active secrets (still encrypted), newest first. */
  Optional<AppWithSecrets> findWithActiveSecrets(String appId) {
    List<AppAndSecret> rows =
        jdbc.sql(SELECT_APP_WITH_ACTIVE_SECRETS)
            .param("appId", appId)
            .query((rs, row) -> new AppAndSecret(map(rs, row), rs.getString("secret_enc")))
            .list();
    if (rows.isEmpty()) {
      return Optional.empty();
    }
    List<String> secrets =
        rows.stream().map(AppAndSecret::encrypted).filter(Objects::nonNull).toList();
    return Optional.of(new AppWithSecrets(rows.get(0).app(), secrets));
  }

  private record AppAndSecret(MerchantApp app, String encrypted) {}

  record AppWithSecrets(MerchantApp app, List<String> encryptedSecrets) {}

  List<MerchantApp> all() {
    return jdbc.sql(SELECT_ALL_APPS).query(AppRepository::map).list();
  }

  Optional<String> webhookSecret(String appId) {
    return jdbc.sql(SELECT_WEBHOOK_SECRET)
        .param("appId", appId)
        .query((rs, row) -> Optional.ofNullable(rs.getString(1)))
        .optional()
        .flatMap(secret -> secret);
  }

  boolean setStatus(String appId, AppStatus status) {
    return jdbc.sql(UPDATE_STATUS).param("appId", appId).param("status", status.name()).update()
        == 1;
  }

  boolean setWebhook(String appId, String url, String secretEnc) {
    return jdbc.sql(UPDATE_WEBHOOK)
            .param("appId", appId)
            .param("webhookUrl", url)
            .param("webhookSecret", secretEnc)
            .update()
        == 1;
  }

  void insertSecret(String appId, String secretEnc, Instant now) {
    jdbc.sql(INSERT_SECRET)
        .param("appId", appId)
        .param("secret", secretEnc)
        .param("now", SqlTime.toColumn(now))
        .update();
  }

  /** The active secrets, newest first. */
  List<StoredSecret> activeSecrets(String appId) {
    return jdbc.sql(SELECT_ACTIVE_SECRETS)
        .param("appId", appId)
        .query((rs, row) -> new StoredSecret(rs.getLong("id"), rs.getString("secret_enc")))
        .list();
  }

  void revoke(long secretId, Instant now) {
    jdbc.sql(REVOKE_SECRET).param("id", secretId).param("now", SqlTime.toColumn(now)).update();
  }

  private static MerchantApp map(ResultSet rs, int row) throws SQLException {
    return new MerchantApp(
        rs.getString("app_id"),
        rs.getString("name"),
        AppStatus.valueOf(rs.getString("status")),
        rs.getString("webhook_url"));
  }
}
