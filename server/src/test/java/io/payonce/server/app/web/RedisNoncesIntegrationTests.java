package io.payonce.server.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.OnServer;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.ServerControl;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestServer;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * With Redis enabled, a signed request's nonce is kept in Redis (no database write) and a replay is
 * refused; while Redis is down nonces go to the database, where a replay is refused as well.
 */
@PayOnceIntegrationTest
@OnServer(TestServer.REDIS)
@TestPropertySource(properties = "payonce.redis.enabled=true")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class RedisNoncesIntegrationTests {

  @LocalServerPort int port;
  @Autowired StringRedisTemplate redis;
  @Autowired JdbcClient jdbc;
  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @Test
  void aNonceLivesInRedisUntilItsWindowClosesAndItsReplayIsRefused() {
    String nonce = TestApps.nonce();
    Map<String, String> headers = signedTokenRequest(nonce);

    Answer first = http.get(tokenUrl(), headers);
    Answer replay = http.get(tokenUrl(), headers);

    assertThat(first.status()).isEqualTo(200);
    assertThat(replay.status()).isEqualTo(401);
    assertThat(replay.text("detail")).contains("PayOnce-Nonce");
    String key = "api:nonce:" + TestApps.APP_ID + ":" + nonce;
    assertThat(redis.hasKey(key)).isTrue();
    assertThat(redis.getExpire(key)).isBetween(1L, 600L);
    assertThat(rowsOf(nonce)).isZero();
  }

  @Test
  void whileRedisIsDownNoncesGoToTheDatabaseAndAReplayIsStillRefused() {
    String nonce = TestApps.nonce();
    Map<String, String> headers = signedTokenRequest(nonce);
    ServerControl.stopRedis();
    try {
      Answer first = http.get(tokenUrl(), headers);
      Answer replay = http.get(tokenUrl(), headers);

      assertThat(first.status()).isEqualTo(200);
      assertThat(replay.status()).isEqualTo(401);
      assertThat(rowsOf(nonce)).isEqualTo(1);
    } finally {
      ServerControl.startRedis();
    }
  }

  private String tokenUrl() {
    return http.serverBase() + "/api/pay/get-token?userId=nonce-user";
  }

  private Map<String, String> signedTokenRequest(String nonce) {
    return TestApps.headers(
        TestApps.APP_ID,
        TestApps.SECRET,
        "GET",
        URI.create(tokenUrl()),
        new byte[0],
        Instant.now().getEpochSecond(),
        nonce);
  }

  private long rowsOf(String nonce) {
    return jdbc.sql("SELECT COUNT(*) FROM api_nonce WHERE nonce = :nonce")
        .param("nonce", nonce)
        .query(Long.class)
        .single();
  }
}
