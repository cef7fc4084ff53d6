package io.payonce.bench;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.AlipayConfig;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.domain.AlipayTradePrecreateModel;
import com.alipay.api.request.AlipayTradePrecreateRequest;
import com.alipay.api.response.AlipayTradePrecreateResponse;
import io.payonce.sandbox.alipay.AlipaySandbox;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;

/**
 * Bch: the channel call alone. The official Alipay SDK, configured as the server configures it
 * (JSON, UTF-8, RSA2, the same timeouts), asks the in-process sandbox for a QR code — merchant
 * signature, HTTP to the sandbox's gateway on the same server, the sandbox's verification, ledger
 * entry and signed reply, the SDK's verification — with no database. It calls as an app of its own,
 * registered with the sandbox beside the server's, so the server's keys are left alone.
 */
final class ChannelAlone {

  static final String APP_ID = "2021000000000002";

  private static final DateTimeFormatter ALIPAY_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.of("Asia/Shanghai"));

  private final AlipayClient client;
  private final String notifyUrl;

  private ChannelAlone(AlipayClient client, String notifyUrl) {
    this.client = client;
    this.notifyUrl = notifyUrl;
  }

  static ChannelAlone register(AlipaySandbox sandbox, int port)
      throws GeneralSecurityException, AlipayApiException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    KeyPair merchant = generator.generateKeyPair();
    Base64.Encoder b64 = Base64.getEncoder();
    sandbox.registerApp(
        APP_ID, b64.encodeToString(merchant.getPublic().getEncoded()), ServiceUnderTest.SELLER_ID);
    AlipayConfig config = new AlipayConfig();
    config.setServerUrl("http://127.0.0.1:" + port + sandbox.gatewayPath());
    config.setAppId(APP_ID);
    config.setPrivateKey(b64.encodeToString(merchant.getPrivate().getEncoded()));
    config.setAlipayPublicKey(sandbox.platformPublicKeyBase64());
    config.setFormat("json");
    config.setCharset("UTF-8");
    config.setSignType("RSA2");
    config.setConnectTimeout(3000);
    config.setReadTimeout(15000);
    return new ChannelAlone(
        new DefaultAlipayClient(config), "http://127.0.0.1:" + port + "/pay/alipay/notify");
  }

  /** The precreate the server sends for a new payment; anything but success is an error. */
  void precreate(String outTradeNo) throws AlipayApiException {
    AlipayTradePrecreateModel model = new AlipayTradePrecreateModel();
    model.setOutTradeNo(outTradeNo);
    model.setTotalAmount(ServiceClient.AMOUNT);
    model.setSubject("Bench");
    model.setTimeExpire(ALIPAY_TIME.format(Instant.now().plusSeconds(900)));
    model.setSellerId(ServiceUnderTest.SELLER_ID);
    AlipayTradePrecreateRequest request = new AlipayTradePrecreateRequest();
    request.setBizModel(model);
    request.setNotifyUrl(notifyUrl);
    AlipayTradePrecreateResponse response = client.execute(request);
    if (!response.isSuccess() || response.getQrCode() == null) {
      throw new IllegalStateException(
          "sandbox precreate answered " + response.getCode() + "/" + response.getSubCode());
    }
  }
}
