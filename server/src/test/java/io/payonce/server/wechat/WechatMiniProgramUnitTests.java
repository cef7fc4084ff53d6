package io.payonce.server.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.server.channel.BuyerFacts;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.Handoff;
import io.payonce.server.channel.HandoffTerms;
import io.payonce.server.channel.InvalidChannelSettingsException;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.money.Money;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.StandardEnvironment;

/**
 * The mini-program is offered only with its own appid: a setting of the deployment's merchant, an
 * optional field of a stored one. Without it the adapter lists no such product and refuses it
 * without calling WeChat.
 */
class WechatMiniProgramUnitTests {

  private static final String MINI = "wxa1b2c3d4e5f60718";

  @Test
  void theMiniProgramIsOfferedOnlyWithItsOwnAppid() {
    assertThat(channel(null).kinds())
        .contains(PaymentKind.QR, PaymentKind.BARCODE, PaymentKind.JSAPI)
        .doesNotContain(PaymentKind.MINI_PROGRAM);
    assertThat(channel(MINI).kinds()).contains(PaymentKind.JSAPI, PaymentKind.MINI_PROGRAM);
  }

  @Test
  void withoutItsAppidAMiniProgramHandOffIsRefusedWithoutCallingWechat() {
    // No sandbox answers at this address: a call would be unknown, not refused.
    ChannelOutcome<Handoff> outcome =
        channel(null)
            .handOff(
                PaymentKind.MINI_PROGRAM,
                new HandoffTerms(
                    "T000001",
                    Money.ofMinor(100, "CNY"),
                    "Tea",
                    Instant.now().plus(Duration.ofMinutes(15)),
                    new BuyerFacts("oBuyer", null, null, null)));

    assertThat(outcome).isInstanceOf(ChannelOutcome.Refused.class);
    assertThat(((ChannelOutcome.Refused<Handoff>) outcome).subCode()).isEqualTo("UNSUPPORTED_KIND");
  }

  @Test
  void aStoredMerchantMayNameItsMiniProgramsAppid() {
    var parsed =
        format()
            .parse(
                Map.of(
                    WechatSettingsFormat.MCHID, "1900000109",
                    WechatSettingsFormat.APPID, "wxd678efh567hg6787",
                    WechatSettingsFormat.MINI_PROGRAM_APPID, " " + MINI + " "));

    assertThat(parsed.settings()).containsEntry(WechatSettingsFormat.MINI_PROGRAM_APPID, MINI);
    assertThat(parsed.summary()).containsEntry(WechatSettingsFormat.MINI_PROGRAM_APPID, MINI);
    assertThat(format().fields()).contains(WechatSettingsFormat.MINI_PROGRAM_APPID);
    assertThat(properties(null).forAccount(parsed.settings(), "cfg").miniProgramAppid())
        .isEqualTo(MINI);
    assertThatThrownBy(
            () ->
                format()
                    .parse(
                        Map.of(
                            WechatSettingsFormat.MCHID, "1900000109",
                            WechatSettingsFormat.APPID, "wxd678efh567hg6787",
                            WechatSettingsFormat.MINI_PROGRAM_APPID, "not an appid!")))
        .isInstanceOf(InvalidChannelSettingsException.class)
        .hasMessageContaining(WechatSettingsFormat.MINI_PROGRAM_APPID);
  }

  private static WechatChannel channel(String miniProgramAppid) {
    return new WechatChannel(
        new WechatClientProvider(properties(miniProgramAppid), new StandardEnvironment()),
        call -> {},
        Clock.systemUTC());
  }

  private static WechatSettingsFormat format() {
    return new WechatSettingsFormat(properties(null));
  }

  private static WechatProperties properties(String miniProgramAppid) {
    return new WechatProperties(
        true,
        "1900000001",
        "wx8888888888888888",
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        "http://127.0.0.1:1/pay/wechat/notify",
        null,
        "http://127.0.0.1:1/sandbox/wechat",
        "http://127.0.0.1:1",
        Duration.ofSeconds(3),
        Duration.ofSeconds(10),
        Duration.ofMinutes(5),
        miniProgramAppid,
        null,
        null);
  }
}
