package io.payonce.sandbox.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.AlipayConfig;
import com.alipay.api.AlipayRequest;
import com.alipay.api.AlipayResponse;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.domain.AlipayTradePrecreateModel;
import com.alipay.api.internal.util.AlipaySignature;
import com.alipay.api.request.AlipayTradePrecreateRequest;
import com.alipay.api.response.AlipayTradePrecreateResponse;
import io.payonce.sandbox.SandboxTestSupport;
import io.payonce.sandbox.keys.RsaKeys;
import java.security.KeyPair;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * A merchant that talks to the sandbox through the official SDK, its notify receiver, and the
 * sandbox's test endpoints. The merchant key pair is separate from the platform's (the SDK refuses
 * a platform key equal to the app's).
 */
public abstract class AlipaySandboxTestSupport extends SandboxTestSupport {

  protected static final String APP_ID = "2021000000000001";
  protected static final String SELLER_ID = "2088000000000001";
  protected static final KeyPair MERCHANT_KEYS = RsaKeys.generate();
  private static final AtomicLong SEQUENCE = new AtomicLong(System.nanoTime() % 1_000_000);

  protected static NotifyReceiver receiver;

  @Autowired protected AlipaySandbox sandbox;

  protected AlipayClient client;

  @BeforeAll
  static void startReceiver() {
    receiver = NotifyReceiver.start();
  }

  @AfterAll
  static void stopReceiver() {
    receiver.close();
  }

  @BeforeEach
  void connectMerchant() throws AlipayApiException {
    sandbox.registerApp(APP_ID, RsaKeys.encode(MERCHANT_KEYS.getPublic()), SELLER_ID);
    client = client(15_000);
  }

  protected AlipayClient client(int readTimeoutMillis) throws AlipayApiException {
    AlipayConfig config = new AlipayConfig();
    config.setServerUrl("http://127.0.0.1:" + port + sandbox.gatewayPath());
    config.setAppId(APP_ID);
    config.setPrivateKey(RsaKeys.encode(MERCHANT_KEYS.getPrivate()));
    config.setAlipayPublicKey(sandbox.platformPublicKeyBase64());
    config.setFormat("json");
    config.setCharset("UTF-8");
    config.setSignType("RSA2");
    config.setReadTimeout(readTimeoutMillis);
    return new DefaultAlipayClient(config);
  }

  protected <T extends AlipayResponse> T execute(AlipayRequest<T> request) {
    try {
      return client.execute(request);
    } catch (AlipayApiException e) {
      throw new AssertionError("the SDK rejected the sandbox's reply: " + e.getErrMsg(), e);
    }
  }

  protected static String outTradeNo() {
    return "OTN" + SEQUENCE.incrementAndGet();
  }

  protected AlipayTradePrecreateResponse precreate(String outTradeNo, String amount) {
    AlipayTradePrecreateModel model = new AlipayTradePrecreateModel();
    model.setOutTradeNo(outTradeNo);
    model.setTotalAmount(amount);
    model.setSubject("测试 a&b=c");
    AlipayTradePrecreateRequest request = new AlipayTradePrecreateRequest();
    request.setBizModel(model);
    request.setNotifyUrl(receiver.url());
    return execute(request);
  }

  /** The buyer pays the QR code from the wallet (at its path under /sandbox/alipay). */
  protected JsonNode walletPay(String qrCode) {
    return postJson("/sandbox/alipay/wallet/pay", Map.of("qrCode", qrCode));
  }

  protected JsonNode ledgerRow(String outTradeNo) {
    return get("/sandbox/alipay/trades?outTradeNo=" + outTradeNo).get(0);
  }

  protected String platformKey() {
    return sandbox.platformPublicKeyBase64();
  }

  /** Verifies a notify exactly as a merchant must (the 4-argument form, RSA2). */
  protected boolean verifiesWithSdk(Map<String, String> notify) {
    try {
      return AlipaySignature.rsaCheckV1(new HashMap<>(notify), platformKey(), "UTF-8", "RSA2");
    } catch (AlipayApiException e) {
      return false;
    }
  }
}
