package io.payonce.server.paytoken;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.OnServer;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestServer;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/** The same behaviour with tokens stored in Redis and consumed by its Lua script. */
@OnServer(TestServer.REDIS)
@TestPropertySource(properties = "payonce.redis.enabled=true")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class PayTokenWithRedisIntegrationTests extends PayTokenIntegrationTests {

  @Autowired StringRedisTemplate redis;

  @Test
  void keepsTokensInRedisUnderTheirAppAndMarksThemUsedThere() throws Exception {
    String user = "erin";
    String token = token(user);
    String key = "pay:token:v2:" + TestApps.APP_ID + ":" + token;
    assertThat(redis.opsForValue().get(key)).startsWith("U|").endsWith("|erin");

    assertThat(http.precreate(Map.of("orderNo", order(user), "payToken", token), Map.of()).status())
        .isEqualTo(200);

    assertThat(redis.opsForValue().get(key)).startsWith("X|");
  }
}
