package io.payonce.server.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The hooks as the server wires them: inert by default, active only when configured. */
class ChaosHooksWiringTests {

  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

  private final ApplicationContextRunner contexts =
      new ApplicationContextRunner().withUserConfiguration(Hooks.class);

  @Test
  void withoutSettingsTheClockIsTheSystemClockAndNoPointIsArmed() {
    contexts.run(
        context -> {
          assertThat(context.getBean(Clock.class).instant()).isEqualTo(NOW);
          assertThat(CrashPoints.isArmed()).isFalse();
        });
  }

  @Test
  void aClockSkewOffsetsTheClockEitherWay() {
    contexts
        .withPropertyValues("payonce.chaos.clock-skew=-3s")
        .run(
            context ->
                assertThat(context.getBean(Clock.class).instant())
                    .isEqualTo(NOW.minus(Duration.ofSeconds(3))));
    contexts
        .withPropertyValues("payonce.chaos.clock-skew=PT1M")
        .run(
            context ->
                assertThat(context.getBean(Clock.class).instant())
                    .isEqualTo(NOW.plus(Duration.ofMinutes(1))));
  }

  @Test
  void crashPointsAreArmedForTheContextsLifetime() {
    contexts
        .withPropertyValues(
            "payonce.chaos.crash-points=after-init-commit=0", "payonce.chaos.seed=5")
        .run(context -> assertThat(CrashPoints.isArmed()).isTrue());

    assertThat(CrashPoints.isArmed()).isFalse();
  }

  @Test
  void aMalformedSpecificationStopsTheStart() {
    contexts
        .withPropertyValues("payonce.chaos.crash-points=after-init-commit")
        .run(context -> assertThat(context).hasFailed());
  }

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(ChaosProperties.class)
  @Import(CrashPointsArming.class)
  static class Hooks {
    @Bean
    Clock clock(ChaosProperties chaos) {
      return SkewedClock.of(Clock.fixed(NOW, ZoneOffset.UTC), chaos);
    }
  }
}
