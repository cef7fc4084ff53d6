package io.payonce.server.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.server.channel.BillSink;
import io.payonce.server.channel.BillSource;
import io.payonce.server.channel.BillTotals;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelBills;
import java.io.InputStream;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class BillChannelsUnitTests {

  @Test
  void findsAChannelsBillsByTheNameRunsStore() {
    ChannelBills wechat = new NoBills(Channel.WECHAT);
    ChannelBills alipay = new NoBills(Channel.ALIPAY);
    BillChannels bills = new BillChannels(List.of(wechat, alipay));

    assertThat(bills.find("WECHAT")).containsSame(wechat);
    assertThat(bills.get("ALIPAY")).isSameAs(alipay);
    assertThat(bills.channels()).containsExactly(Channel.ALIPAY, Channel.WECHAT);
  }

  @Test
  void knowsNoChannelWithoutBills() {
    BillChannels bills = new BillChannels(List.of(new NoBills(Channel.ALIPAY)));

    assertThat(bills.find("WECHAT")).isEmpty();
    assertThat(bills.find("PAYPAL")).isEmpty();
    assertThat(bills.find("alipay")).isEmpty();
    assertThatThrownBy(() -> bills.get("WECHAT"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("WECHAT");
  }

  @Test
  void refusesTwoBillAdaptersForOneChannel() {
    List<ChannelBills> twice = List.of(new NoBills(Channel.ALIPAY), new NoBills(Channel.ALIPAY));

    assertThatThrownBy(() -> new BillChannels(twice))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ALIPAY");
  }

  /** An adapter that is only its channel: these tests never read a bill. */
  private record NoBills(Channel channel) implements ChannelBills {

    @Override
    public BillSource tradeBill(LocalDate billDate, Duration timeout) {
      throw new UnsupportedOperationException();
    }

    @Override
    public BillTotals read(InputStream bill, BillSink sink) {
      throw new UnsupportedOperationException();
    }
  }
}
