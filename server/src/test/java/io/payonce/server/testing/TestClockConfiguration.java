package io.payonce.server.testing;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/** Puts a {@link MutableClock} in place of the server's system clock. */
@TestConfiguration(proxyBeanMethods = false)
public class TestClockConfiguration {

  @Bean
  @Primary
  MutableClock mutableClock() {
    return new MutableClock();
  }
}
