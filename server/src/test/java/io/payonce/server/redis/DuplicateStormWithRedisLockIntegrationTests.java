package io.payonce.server.redis;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.OnServer;
import io.payonce.server.testing.TestDatabase;
import io.payonce.server.testing.TestServer;
import org.springframework.test.context.TestPropertySource;

@OnDatabase(TestDatabase.POSTGRES)
@OnServer(TestServer.REDIS)
@TestPropertySource(properties = "payonce.redis.enabled=true")
class DuplicateStormWithRedisLockIntegrationTests extends DuplicateStormIntegrationTests {

  @Override
  String mode() {
    return "on";
  }
}
