package io.payonce.sandbox.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.sandbox.SandboxProperties;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ChaosUnitTests {

  private static final long SEED = 20_260_401L;

  @Test
  void aRateOfZeroNeverFiresAndOneAlwaysDoesWithoutUsingTheDice() {
    Chaos chaos = seeded(SEED);
    List<Boolean> expected = rolls(seeded(SEED), 0.5, 20);

    chaos.apply(ChaosScope.EVERYTHING, Map.of(ChaosKnob.NOTIFY_DROP, 0.0));
    assertThat(rolls(chaos, 20)).containsOnly(false);
    chaos.apply(ChaosScope.EVERYTHING, Map.of(ChaosKnob.NOTIFY_DROP, 1.0));
    assertThat(rolls(chaos, 20)).containsOnly(true);

    assertThat(rolls(chaos, 0.5, 20)).as("seed %d", SEED).isEqualTo(expected);
  }

  @Test
  void theSameSeedReplaysTheSameFaultsAndAResetStartsThemAgain() {
    Chaos chaos = seeded(SEED);
    List<Boolean> first = rolls(chaos, 0.5, 50);

    assertThat(first).as("seed %d", SEED).contains(true, false);
    assertThat(rolls(seeded(SEED), 0.5, 50)).as("seed %d", SEED).isEqualTo(first);
    chaos.reset();
    assertThat(rolls(chaos, 0.5, 50)).as("seed %d", SEED).isEqualTo(first);
    chaos.seed(SEED + 1);
    assertThat(rolls(chaos, 0.5, 50)).as("seed %d", SEED + 1).isNotEqualTo(first);
  }

  @Test
  void aRateKnobTakesTrueAndFalseAsOneAndZero() {
    var json = tools.jackson.databind.json.JsonMapper.builder().build();

    assertThat(ChaosKnob.NOTIFY_DROP.parse(json.readTree("true"))).isEqualTo(1.0);
    assertThat(ChaosKnob.NOTIFY_DROP.parse(json.readTree("false"))).isEqualTo(0.0);
    assertThat(ChaosKnob.NOTIFY_DROP.parse(json.readTree("0.25"))).isEqualTo(0.25);
    assertThat(ChaosKnob.NOTIFY_DROP.defaultValue()).isEqualTo(0.0);
  }

  private static Chaos seeded(long seed) {
    SandboxProperties properties = new SandboxProperties();
    properties.setChaosSeed(seed);
    return new Chaos(properties);
  }

  private static List<Boolean> rolls(Chaos chaos, double rate, int count) {
    chaos.apply(ChaosScope.EVERYTHING, Map.of(ChaosKnob.NOTIFY_DROP, rate));
    return rolls(chaos, count);
  }

  private static List<Boolean> rolls(Chaos chaos, int count) {
    return IntStream.range(0, count)
        .mapToObj(i -> chaos.roll(ChaosKnob.NOTIFY_DROP, "wallet.pay", "O" + i))
        .toList();
  }
}
