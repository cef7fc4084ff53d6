package io.payonce.server.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class ReconcileCommandUnitTests {

  @Test
  void readsItsOptionsAndHandsTheRestToSpring() {
    ReconcileCommand.Arguments arguments =
        ReconcileCommand.Arguments.parse(
            new String[] {
              "reconcile",
              "--channel",
              "alipay",
              "--date",
              "2026-11-28",
              "--file",
              "bill.zip",
              "--spring.datasource.url=jdbc:h2:mem:x"
            });

    assertThat(arguments.channel()).isEqualTo("ALIPAY");
    assertThat(arguments.date()).isEqualTo(LocalDate.of(2026, 11, 28));
    assertThat(arguments.file()).isEqualTo(Path.of("bill.zip"));
    assertThat(arguments.springArgs()).containsExactly("--spring.datasource.url=jdbc:h2:mem:x");
  }

  @Test
  void readsTheConfigurationTheBillIsOfTheBootstrapOneWhenNoneIsNamed() {
    String[] named = {
      "reconcile",
      "--channel",
      "alipay",
      "--channel-config",
      "cc_0a1b",
      "--date",
      "2026-11-28",
      "--file",
      "bill.zip"
    };
    String[] unnamed = {"reconcile", "--channel", "alipay", "--date", "2026-11-28", "--file", "f"};

    assertThat(ReconcileCommand.Arguments.parse(named).channelConfig()).isEqualTo("cc_0a1b");
    assertThat(ReconcileCommand.Arguments.parse(named).springArgs()).isEmpty();
    assertThat(ReconcileCommand.Arguments.parse(unnamed).channelConfig()).isEqualTo("bootstrap");
    assertThatThrownBy(
            () ->
                ReconcileCommand.Arguments.parse(
                    new String[] {
                      "reconcile",
                      "--channel",
                      "alipay",
                      "--channel-config",
                      " ",
                      "--date",
                      "2026-11-28",
                      "--file",
                      "f"
                    }))
        .hasMessageContaining("--channel-config");
  }

  @Test
  void refusesAMissingFileABadDateOrAnUnknownChannel() {
    assertThatThrownBy(
            () ->
                ReconcileCommand.Arguments.parse(
                    new String[] {"reconcile", "--channel", "alipay", "--date", "2026-11-28"}))
        .hasMessageContaining("--file");
    assertThatThrownBy(
            () ->
                ReconcileCommand.Arguments.parse(
                    new String[] {
                      "reconcile", "--channel", "alipay", "--date", "28/11", "--file", "f"
                    }))
        .hasMessageContaining("--date");
    assertThatThrownBy(
            () ->
                ReconcileCommand.Arguments.parse(
                    new String[] {
                      "reconcile", "--channel", "paypal", "--date", "2026-11-28", "--file", "f"
                    }))
        .hasMessageContaining("--channel");
  }

  @Test
  void answersTheServerUnlessAskedToReconcile() {
    assertThat(ReconcileCommand.isInvoked(new String[] {"reconcile"})).isTrue();
    assertThat(ReconcileCommand.isInvoked(new String[] {"--server.port=9"})).isFalse();
    assertThat(ReconcileCommand.isInvoked(new String[0])).isFalse();
  }
}
