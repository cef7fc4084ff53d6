package io.payonce.server.testing;

import io.payonce.sandbox.clock.SandboxClock;
import java.time.Clock;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * Puts a {@link MutableClock} in place of the server's system clock, and runs the in-process
 * sandbox on the same {@link TestTime} base, so that a pinned start moves both.
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
}
