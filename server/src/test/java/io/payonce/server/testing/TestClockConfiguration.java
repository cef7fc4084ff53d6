package io.payonce.server.testing;

import io.payonce.sandbox.clock.SandboxClock;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * Puts a {@link MutableClock} in place of the server's system clock, and runs the in-process
 * sandbox on the same {@link TestTime} base, so that a pinned start moves both. The barcode flow's
 * pauses move that base too ({@link TestSleeper}) — unless the context sets {@code
 * payonce.test.sleeper=parking}, for the server's own sleeper and the wall clock's timing.
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestClockConfiguration {

  @Bean
  @Primary
  MutableClock mutableClock() {
    return new MutableClock(TestTime.base());
  }

  @Bean(SandboxClock.BASE_CLOCK_BEAN)
  Clock sandboxBaseClock() {
    return TestTime.base();
  }

  @Bean
  @Primary
  TestSleeper testSleeper(@Value("${payonce.test.sleeper:skipping}") String sleeper) {
    return new TestSleeper(!"parking".equals(sleeper));
  }
}
