package io.payonce.server.redis;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class DuplicateStormWithoutRedisLockIntegrationTests extends DuplicateStormIntegrationTests {

  @Override
  String mode() {
    return "off";
  }
}
