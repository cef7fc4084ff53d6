package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SpreadUnitTests {

  @Test
  void takesTheMiddleValueOfAnOddCountAndTheMeanOfTheTwoMiddleOnesOfAnEvenCount() {
    assertThat(Spread.of(3, 1, 2).median()).isEqualTo(2);
    assertThat(Spread.of(4, 1, 3, 2).median()).isEqualTo(2.5);
  }

  @Test
  void leavesOutValuesThatAreNotNumbers() {
    Spread spread = Spread.of(1, Double.NaN, 3);

    assertThat(spread.n()).isEqualTo(2);
    assertThat(spread.min()).isEqualTo(1);
    assertThat(spread.max()).isEqualTo(3);
  }

  @Test
  void printsTheRangeOnlyWhenItIsMoreThanOneValueOnceRounded() {
    assertThat(Spread.of(1.0, 1.2, 0.9).format(2)).isEqualTo("1.00 [0.90–1.20]");
    assertThat(Spread.of(1.001, 0.999, 1.0).format(2)).isEqualTo("1.00");
    assertThat(Spread.of().format(2)).isEqualTo("-");
  }

  @Test
  void printsNoSignForANegativeValueThatRoundsToZero() {
    assertThat(Spread.of(-0.001).format(2)).isEqualTo("0.00");
  }
}
