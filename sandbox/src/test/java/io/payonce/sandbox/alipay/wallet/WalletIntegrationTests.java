package io.payonce.sandbox.alipay.wallet;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.alipay.AlipaySandboxTestSupport;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

@SandboxIntegrationTest
class WalletIntegrationTests extends AlipaySandboxTestSupport {

  @Test
  void servesAPhonePageWithPayAndCancel() {
    String page = http.get().uri("/sandbox/alipay/wallet?qr=x").retrieve().body(String.class);
    assertThat(page)
        .contains("<button id=\"pay\"")
        .contains("<button id=\"cancel\"")
        .doesNotContain("https://cdn");
  }

  @Test
  void scanShowsWhatTheBuyerPaysAndOnlyThatBuyerMayPay() {
    String outTradeNo = outTradeNo();
    String qr = precreate(outTradeNo, "12.30").getQrCode();

    var scanned =
        postJson(
            "/sandbox/alipay/wallet/scan", Map.of("qrCode", qr, "buyerId", "2088000000000007"));
    assertThat(scanned.get("tradeStatus").asString()).isEqualTo("WAIT_BUYER_PAY");
    assertThat(scanned.get("totalAmount").asString()).isEqualTo("12.30");
    assertThat(scanned.get("merchant").asString()).isEqualTo(SELLER_ID);

    var intruder =
        postExpectingAnything(
            "/sandbox/alipay/wallet/pay", Map.of("qrCode", qr, "buyerId", "2088000000000008"));
    assertThat(intruder.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
    assertThat(ledgerRow(outTradeNo).get("status").asString()).isEqualTo("WAIT_BUYER_PAY");

    walletPayAs(qr, "2088000000000007");
    var again =
        postExpectingAnything(
            "/sandbox/alipay/wallet/pay", Map.of("qrCode", qr, "buyerId", "2088000000000007"));
    assertThat(again.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
    assertThat(again.getBody().get("type").asString()).endsWith("trade-already-paid");
  }

  @Test
  void anUnknownQrCodeIsNotFound() {
    var response =
        postExpectingAnything(
            "/sandbox/alipay/wallet/pay", Map.of("qrCode", "https://qr.alipay.com/bax0nope"));
    assertThat(response.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
  }

  @Test
  void theClockCanBeMovedAndReset() {
    http.put()
        .uri("/sandbox/clock")
        .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
        .body(Map.of("offset", "PT3H"))
        .retrieve()
        .toBodilessEntity();
    assertThat(get("/sandbox/clock").get("offset").asString()).isEqualTo("PT3H");
    http.delete().uri("/sandbox/clock").retrieve().toBodilessEntity();
    assertThat(get("/sandbox/clock").get("offset").asString()).isEqualTo("PT0S");
  }

  private void walletPayAs(String qr, String buyerId) {
    postJson("/sandbox/alipay/wallet/pay", Map.of("qrCode", qr, "buyerId", buyerId));
  }
}
