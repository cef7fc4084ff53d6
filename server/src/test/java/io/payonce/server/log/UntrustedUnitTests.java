package io.payonce.server.log;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class UntrustedUnitTests {

  @Test
  void keepsWhatFitsAndCleansControlCharacters() {
    assertThat(Untrusted.clip("ab\u0000c\r\nd", 100)).isEqualTo("ab?c??d");
    assertThat(Untrusted.clip("abcdef", 3)).isEqualTo("abc");
    assertThat(Untrusted.clip(null, 3)).isNull();
  }

  @Test
  void neverSplitsASurrogatePairAndReplacesAnUnpairedHalf() {
    String smile = "\uD83D\uDE00";
    assertThat(Untrusted.clip("a" + smile, 2)).isEqualTo("a");
    assertThat(Untrusted.clip("a" + smile, 3)).isEqualTo("a" + smile);
    assertThat(Untrusted.clip("\uD83Da\uDE00", 10)).isEqualTo("?a?");
  }

  @Property(seed = "15")
  void isAlwaysStorableInAColumnOfTheGivenLength(
      @ForAll String value, @ForAll @IntRange(min = 1, max = 64) int max) {
    String safe = Untrusted.clip(value, max);

    assertThat(safe.length()).isLessThanOrEqualTo(max);
    assertThat(safe.codePoints()).noneMatch(Character::isISOControl);
    assertThat(safe.codePoints()).noneMatch(c -> c >= 0xD800 && c <= 0xDFFF);
  }
}
