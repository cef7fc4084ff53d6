package io.payonce.server.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MoneyUnitTests {

  @Test
  void parsesYuanIntoFenExactly() {
    assertThat(Money.parse("12.34", "CNY").minorUnits()).isEqualTo(1234);
    assertThat(Money.parse("0.1", "CNY").minorUnits()).isEqualTo(10);
    assertThat(Money.parse("100000000.00", "CNY").minorUnits()).isEqualTo(10_000_000_000L);
  }

  @Test
  void printsFenAsYuanWithTwoDecimals() {
    assertThat(Money.ofMinor(1230, "CNY").toDecimalString()).isEqualTo("12.30");
    assertThat(Money.ofMinor(1, "CNY").toDecimalString()).isEqualTo("0.01");
  }

  @Property
  void decimalStringRoundTrips(@ForAll @LongRange(min = 0, max = 99_999_999_999L) long fen) {
    Money money = Money.ofMinor(fen, "CNY");
    assertThat(Money.parse(money.toDecimalString(), "CNY")).isEqualTo(money);
  }

  @ParameterizedTest
  @ValueSource(strings = {"12.345", "-1", "+1", "1e3", "01", "1.", ".5", "", " 1", "1,00", "NaN"})
  void refusesAnythingButAPlainAmount(String text) {
    assertThatThrownBy(() -> Money.parse(text, "CNY")).isInstanceOf(InvalidMoneyException.class);
  }

  @Test
  void refusesAmountsBeyondMinorUnitsRange() {
    assertThatThrownBy(() -> Money.parse("999999999999999999.99", "CNY"))
        .isInstanceOf(InvalidMoneyException.class);
  }

  @Test
  void refusesUnknownCurrencies() {
    assertThatThrownBy(() -> Money.parse("1.00", "XYZ")).isInstanceOf(InvalidMoneyException.class);
    assertThatThrownBy(() -> Money.ofMinor(1, "cny")).isInstanceOf(InvalidMoneyException.class);
  }
}
