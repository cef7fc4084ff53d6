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
 * App payment is offered only with the mobile app's own appid: a setting of the deployment's
 * merchant, an optional field of a stored one. Without it the adapter lists no such product and
 * refuses it without calling WeChat; with it, a notify under that appid is the merchant's.
 */
class WechatAppProductUnitTests {

  private static final String APP = "wxb1c2d3e4f5a60719";

  @Test
  void appPaymentIsOfferedOnlyWithTheMobileAppsOwnAppid() {
    assertThat(channel(null).kinds()).contains(PaymentKind.QR).doesNotContain(PaymentKind.APP);
    assertThat(channel(APP).kinds()).contains(PaymentKind.QR, PaymentKind.APP);
    assertThat(provider(APP).owns(APP)).isTrue();
    assertThat(provider(null).owns(APP)).isFalse();
  }

  @Test
  void withoutItsAppidAnAppHandOffIsRefusedWithoutCallingWechat() {
    // No sandbox answers at this address: a call would be unknown, not refused.
    ChannelOutcome<Handoff> outcome =
        channel(null)
            .handOff(
                PaymentKind.APP,
                new HandoffTerms(
                    "T000001",
                    Money.ofMinor(100, "CNY"),
                    "Tea",
                    Instant.now().plus(Duration.ofMinutes(15)),
                    new BuyerFacts(null, null, null, null)));

    assertThat(outcome).isInstanceOf(ChannelOutcome.Refused.class);
    assertThat(((ChannelOutcome.Refused<Handoff>) outcome).subCode()).isEqualTo("UNSUPPORTED_KIND");
  }

  @Test
  void aStoredMerchantMayNameItsMobileAppsAppid() {
    WechatSettingsFormat format = new WechatSettingsFormat(properties(null));
    var parsed =
        format.parse(
            Map.of(
                WechatSettingsFormat.MCHID, "1900000109",
                WechatSettingsFormat.APPID, "wxd678efh567hg6787",
                WechatSettingsFormat.APP_APPID, " " + APP + " "));

    assertThat(parsed.settings()).containsEntry(WechatSettingsFormat.APP_APPID, APP);
    assertThat(parsed.summary()).containsEntry(WechatSettingsFormat.APP_APPID, APP);
    assertThat(format.fields()).contains(WechatSettingsFormat.APP_APPID);
    assertThat(properties(null).forAccount(parsed.settings(), "cfg").appAppid()).isEqualTo(APP);
    assertThatThrownBy(
            () ->
                format.parse(
                    Map.of(
                        WechatSettingsFormat.MCHID, "1900000109",
                        WechatSettingsFormat.APPID, "wxd678efh567hg6787",
                        WechatSettingsFormat.APP_APPID, "not an appid!")))
        .isInstanceOf(InvalidChannelSettingsException.class)
        .hasMessageContaining(WechatSettingsFormat.APP_APPID);
  }

  private static WechatClientProvider provider(String appAppid) {
    return new WechatClientProvider(properties(appAppid), new StandardEnvironment());
  }

  private static WechatChannel channel(String appAppid) {
    return new WechatChannel(provider(appAppid), call -> {}, Clock.systemUTC());
  }

  private static WechatProperties properties(String appAppid) {
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
        null,
        appAppid,
        null);
  }
}
