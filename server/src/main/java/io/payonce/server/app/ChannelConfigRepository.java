package io.payonce.server.app;

import io.payonce.server.channel.Channel;
import io.payonce.server.db.SqlTime;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The channel_config table; joins the caller's transaction. */
@Repository
class ChannelConfigRepository {

  private static final String COLUMNS =
      """
      SELECT config_key, app_id, channel, account_id, current_app_id, settings_enc, summary,
             version, updated_at
      FROM channel_config
      """;

  private static final String INSERT =
      """
      INSERT INTO channel_config (config_key, app_id, channel, account_id, current_app_id,
                                  settings_enc, summary, version, created_at, updated_at)
      VALUES (:configKey, :appId, :channel, :accountId, :appId, :settings, :summary, 1, :now, :now)
      """;

  private static final String UPDATE_SETTINGS =
      """
      UPDATE channel_config
      SET settings_enc = :settings,
          summary = :summary,
          current_app_id = app_id,
          version = version + 1,
          updated_at = :now
      WHERE config_key = :configKey
      """;

  private static final String RETIRE_CURRENT =
      """
      UPDATE channel_config
      SET current_app_id = NULL,
          updated_at = :now
      WHERE current_app_id = :appId
        AND channel = :channel
      """;

  private static final String SELECT_VERSION =
      """
      SELECT version
      FROM channel_config
      WHERE config_key = :configKey
      """;

  private final JdbcClient jdbc;

  ChannelConfigRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** A row as stored: the settings still encrypted. */
  record Row(ChannelConfig config, String settingsEnc, String summaryJson) {}

  void insert(
      String configKey,
      String appId,
      Channel channel,
      String accountId,
      String settingsEnc,
      String summaryJson,
      Instant now) {
    jdbc.sql(INSERT)
        .param("configKey", configKey)
        .param("appId", appId)
        .param("channel", channel.name())
        .param("accountId", accountId)
        .param("settings", settingsEnc)
        .param("summary", summaryJson)
        .param("now", SqlTime.toColumn(now))
        .update();
  }

  void updateSettings(String configKey, String settingsEnc, String summaryJson, Instant now) {
    jdbc.sql(UPDATE_SETTINGS)
        .param("configKey", configKey)
        .param("settings", settingsEnc)
        .param("summary", summaryJson)
        .param("now", SqlTime.toColumn(now))
        .update();
  }

  /** Makes the app's configuration of the channel (if any) a former one; true if there was one. */
  boolean retireCurrent(String appId, Channel channel, Instant now) {
    return jdbc.sql(RETIRE_CURRENT)
            .param("appId", appId)
            .param("channel", channel.name())
            .param("now", SqlTime.toColumn(now))
            .update()
        > 0;
  }

  Optional<Row> find(String configKey) {
    return jdbc.sql(COLUMNS + "WHERE config_key = :configKey")
        .param("configKey", configKey)
        .query(ChannelConfigRepository::map)
        .optional();
  }

  Optional<Long> version(String configKey) {
    return jdbc.sql(SELECT_VERSION).param("configKey", configKey).query(Long.class).optional();
  }

  Optional<Row> byAccount(Channel channel, String accountId) {
    return jdbc.sql(COLUMNS + "WHERE channel = :channel AND account_id = :accountId")
        .param("channel", channel.name())
        .param("accountId", accountId)
        .query(ChannelConfigRepository::map)
        .optional();
  }

  Optional<Row> current(String appId, Channel channel) {
    return jdbc.sql(COLUMNS + "WHERE channel = :channel AND current_app_id = :appId")
        .param("channel", channel.name())
        .param("appId", appId)
        .query(ChannelConfigRepository::map)
        .optional();
  }

  List<Row> ofApp(String appId) {
    return jdbc.sql(COLUMNS + "WHERE app_id = :appId ORDER BY channel, config_key")
        .param("appId", appId)
        .query(ChannelConfigRepository::map)
        .list();
  }

  List<Row> ofChannel(Channel channel) {
    return jdbc.sql(COLUMNS + "WHERE channel = :channel ORDER BY config_key")
        .param("channel", channel.name())
        .query(ChannelConfigRepository::map)
        .list();
  }

  private static Row map(ResultSet rs, int row) throws SQLException {
    String summaryJson = rs.getString("summary");
    ChannelConfig config =
        new ChannelConfig(
            rs.getString("config_key"),
            rs.getString("app_id"),
            Channel.valueOf(rs.getString("channel")),
            rs.getString("account_id"),
            rs.getString("current_app_id") != null,
            ChannelConfigs.readMap(summaryJson),
            rs.getLong("version"),
            SqlTime.fromColumn(rs, "updated_at"));
    return new Row(config, rs.getString("settings_enc"), summaryJson);
  }
}
