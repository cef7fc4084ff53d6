package io.payonce.server.cashier.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BuyerDeviceUnitTests {

  private static final List<String> IN_APP = List.of("MicroMessenger", "AlipayClient");
  private static final String DESKTOP =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
  private static final String PHONE =
      "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko)"
          + " Chrome/120.0 Mobile Safari/537.36";
  private static final String IPHONE =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like"
          + " Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
  private static final String IN_APP_BROWSER = PHONE + " MicroMessenger/8.0.40 NetType/WIFI";

  @Test
  void theClientHintDecidesWhenTheBrowserSendsIt() {
    assertThat(BuyerDevice.of("?1", DESKTOP, IN_APP)).isEqualTo(BuyerDevice.MOBILE);
    assertThat(BuyerDevice.of("?0", PHONE, IN_APP)).isEqualTo(BuyerDevice.DESKTOP);
  }

  @Test
  void withoutTheHintMobiInTheUserAgentMeansAPhone() {
    assertThat(BuyerDevice.of(null, PHONE, IN_APP)).isEqualTo(BuyerDevice.MOBILE);
    assertThat(BuyerDevice.of(null, IPHONE, IN_APP)).isEqualTo(BuyerDevice.MOBILE);
    assertThat(BuyerDevice.of(null, DESKTOP, IN_APP)).isEqualTo(BuyerDevice.DESKTOP);
    assertThat(BuyerDevice.of(null, null, IN_APP)).isEqualTo(BuyerDevice.DESKTOP);
  }

  @Test
  void anInAppBrowserIsRecognisedByItsConfiguredTokenWhateverTheHint() {
    assertThat(BuyerDevice.of("?1", IN_APP_BROWSER, IN_APP)).isEqualTo(BuyerDevice.IN_APP);
    assertThat(BuyerDevice.of(null, IN_APP_BROWSER, List.of())).isEqualTo(BuyerDevice.MOBILE);
  }
}
