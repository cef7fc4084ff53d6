package io.payonce.chaos.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.chaos.http.Reply;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadUnitTests {

  @Test
  void theSameSeedGivesTheSameScenarios() {
    assertThat(kinds(11, 200)).isEqualTo(kinds(11, 200)).isNotEqualTo(kinds(12, 200));
  }

  @Test
  void everyKindOfScenarioRuns() {
    assertThat(EnumSet.copyOf(kinds(11, 500))).isEqualTo(EnumSet.allOf(Kind.class));
  }

  @Test
  void everyProductSaysWhatTheBuyerPaysWithOnlyWhenItsAnswerCarriesIt() {
    assertThat(Product.WECHAT_QR.payable(reply(200, "{\"qrCode\":\"weixin://wxpay/1\"}")))
        .isEqualTo("weixin://wxpay/1");
    assertThat(Product.ALIPAY_APP.payable(reply(200, "{\"handoff\":{\"encoded\":\"app_id=1\"}}")))
        .isEqualTo("app_id=1");
    assertThat(
            Product.WECHAT_H5.payable(
                reply(
                    200,
                    "{\"handoff\":{\"type\":\"redirect\",\"url\":\"http://h/?prepay_id=w1\"}}")))
        .isEqualTo("http://h/?prepay_id=w1");
    assertThat(
            Product.ALIPAY_WEB.payable(
                reply(
                    200,
                    "{\"handoff\":{\"type\":\"redirect\",\"url\":\"http://h/gateway.do?a=1\"}}")))
        .isEqualTo("http://h/gateway.do?a=1");
    assertThat(
            Product.WECHAT_MINI_PROGRAM.payable(
                reply(200, "{\"handoff\":{\"params\":{\"package\":\"prepay_id=w2\"}}}")))
        .hasToString("{\"package\":\"prepay_id=w2\"}");
    assertThat(
            Product.WECHAT_JSAPI.payable(
                reply(200, "{\"handoff\":{\"params\":{\"package\":\"prepay_id=w1\"}}}")))
        .hasToString("{\"package\":\"prepay_id=w1\"}");
    assertThat(
            Product.WECHAT_APP.payable(
                reply(200, "{\"handoff\":{\"fields\":{\"prepayid\":\"w1\"}}}")))
        .hasToString("{\"prepayid\":\"w1\"}");
    for (Product product : Product.values()) {
      assertThat(product.payable(reply(200, "{\"handoff\":{\"encoded\":\"\"}}")))
          .as(product + " with nothing to pay with")
          .isNull();
      assertThat(product.payable(reply(503, "{\"qrCode\":\"x\"}"))).as(product + " 503").isNull();
    }
  }

  private static Reply reply(int status, String body) {
    return new Reply(status, body, java.util.Map.of(), null);
  }

  private static List<Kind> kinds(long seed, int count) {
    List<Kind> kinds = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      kinds.add(Workload.kindOf(seed, i));
    }
    return kinds;
  }
}
