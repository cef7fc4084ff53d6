package io.payonce.server.channel;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.KeyPair;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SandboxKeyPairsUnitTests {

  @Test
  void anyPoolManyMerchantsInARowHoldKeysOfTheirOwnAndNoMoreAreGenerated() {
    AtomicInteger generated = new AtomicInteger();
    SandboxKeyPairs pool =
        new SandboxKeyPairs(
            3,
            () -> {
              generated.incrementAndGet();
              return new KeyPair(null, null);
            });

    List<KeyPair> taken = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      taken.add(pool.take());
    }

    assertThat(generated).hasValue(3);
    for (int from = 0; from + 3 <= taken.size(); from++) {
      assertThat(new HashSet<>(taken.subList(from, from + 3))).hasSize(3);
    }
    assertThat(taken.get(3)).isSameAs(taken.get(0));
  }

  @Test
  void theProcessesPairsAreRsa2048() {
    KeyPair pair = SandboxKeyPairs.next();

    assertThat(pair.getPublic().getAlgorithm()).isEqualTo("RSA");
    assertThat(((java.security.interfaces.RSAPublicKey) pair.getPublic()).getModulus().bitLength())
        .isEqualTo(2048);
  }
}
