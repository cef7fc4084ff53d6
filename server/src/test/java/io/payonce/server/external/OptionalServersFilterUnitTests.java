package io.payonce.server.external;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class OptionalServersFilterUnitTests {

  private static final String[] CANDIDATES = {
    "org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration",
    "org.springframework.boot.amqp.autoconfigure.health.RabbitHealthContributorAutoConfiguration",
    "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
    "org.springframework.boot.data.redis.autoconfigure.health.DataRedisHealthContributorAutoConfiguration",
    "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
    null
  };

  @Test
  void leavesOutRabbitMqAndRedisWiringByDefault() {
    assertThat(filter(new MockEnvironment()).match(CANDIDATES, null))
        .containsExactly(false, false, false, false, true, true);
  }

  @Test
  void keepsEachServersWiringWhenItIsEnabled() {
    MockEnvironment rabbit =
        new MockEnvironment().withProperty("payonce.events.rabbit.enabled", "true");
    MockEnvironment redis = new MockEnvironment().withProperty("payonce.redis.enabled", "true");

    assertThat(filter(rabbit).match(CANDIDATES, null))
        .containsExactly(true, true, false, false, true, true);
    assertThat(filter(redis).match(CANDIDATES, null))
        .containsExactly(false, false, true, true, true, true);
  }

  private static OptionalServersFilter filter(MockEnvironment environment) {
    OptionalServersFilter filter = new OptionalServersFilter();
    filter.setEnvironment(environment);
    return filter;
  }
}
