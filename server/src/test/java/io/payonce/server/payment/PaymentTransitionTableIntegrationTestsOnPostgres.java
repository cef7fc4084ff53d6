package io.payonce.server.payment;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;
import io.payonce.server.testing.TransitionAttempts;
import java.util.List;
import org.junit.jupiter.params.provider.Arguments;

@OnDatabase(TestDatabase.POSTGRES)
class PaymentTransitionTableIntegrationTestsOnPostgres
    extends PaymentTransitionTableIntegrationTests {

  @Override
  List<Arguments> attempts() {
    return TransitionAttempts.eachPairOnce(PaymentStatus.values(), 1);
  }
}
