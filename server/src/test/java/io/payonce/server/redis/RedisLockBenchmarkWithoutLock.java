package io.payonce.server.redis;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class RedisLockBenchmarkWithoutLock extends RedisLockBenchmark {

  @Override
  String mode() {
    return "off";
  }
}
