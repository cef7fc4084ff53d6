package io.payonce.server.consumer;

import io.payonce.server.db.SqlTime;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** The processed_message table. */
@Repository
class ProcessedMessages {

  private static final String INSERT =
      """
      INSERT INTO processed_message (consumer, message_id, processed_at)
      VALUES (:consumer, :messageId, :now)
      """;

  private final JdbcClient jdbc;

  ProcessedMessages(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Records the message as processed by {@code consumer}, in the caller's transaction.
   *
   * @throws org.springframework.dao.DuplicateKeyException if it was processed before
   */
  @Transactional(propagation = Propagation.MANDATORY)
  void insert(String consumer, String messageId, Instant now) {
    jdbc.sql(INSERT)
        .param("consumer", consumer)
        .param("messageId", messageId)
        .param("now", SqlTime.toColumn(now))
        .update();
  }
}
