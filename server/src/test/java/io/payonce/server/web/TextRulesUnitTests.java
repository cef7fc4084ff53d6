package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextRulesUnitTests {

  @ParameterizedTest
  @ValueSource(strings = {"Green tea", "绿茶 🍵", "Café — 12.30", "a\u00A0b", "ǅ", "\uD83D\uDE00 ok"})
  void printableTextIsKept(String text) {
    assertThat(TextRules.isPrintable(text)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "a\u0000b",
        "line\nbreak",
        "tab\there",
        "next\u0085line",
        "lone \uD800 surrogate",
        "tail \uDFFF",
        "non\uFFFFcharacter",
        "non\uFFFEcharacter",
        "\uFDD0arabic-block noncharacter",
        "plane one \uD83F\uDFFF",
        "rtl \u202Eevil",
        "isolate \u2066x\u2069",
        "line\u2028separator"
      })
  void controlsNoncharactersAndOverridesAreRefused(String text) {
    assertThat(TextRules.isPrintable(text)).isFalse();
  }
}
