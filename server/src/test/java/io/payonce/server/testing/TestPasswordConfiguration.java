package io.payonce.server.testing;

import java.util.Map;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.DelegatingPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Operators' passwords hashed with bcrypt at its least cost (4, not the server's 10): the same
 * {@code {bcrypt}} form, and every sign-in and HTTP Basic request still checks the password, at a
 * sixty-fourth of the work. A cost-10 check takes 140 ms of CPU in a test JVM (C1 only), and the
 * console's and operations API's test classes make one for nearly every request.
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestPasswordConfiguration {

  @Bean
  @Primary
  PasswordEncoder cheapPasswordEncoder() {
    return new DelegatingPasswordEncoder("bcrypt", Map.of("bcrypt", new BCryptPasswordEncoder(4)));
  }
}
