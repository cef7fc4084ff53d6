package io.payonce.server.order;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;
import io.payonce.server.testing.TransitionAttempts;
import java.util.List;
import org.junit.jupiter.params.provider.Arguments;

@OnDatabase(TestDatabase.POSTGRES)
class OrderTransitionTableIntegrationTestsOnPostgres extends OrderTransitionTableIntegrationTests {

  @Override
  List<Arguments> attempts() {
    return TransitionAttempts.eachPairOnce(OrderStatus.values(), 1);
  }
}
