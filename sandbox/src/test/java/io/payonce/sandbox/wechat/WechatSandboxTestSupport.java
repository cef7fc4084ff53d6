package io.payonce.sandbox.wechat;

import com.wechat.pay.java.core.RSAPublicKeyConfig;
import com.wechat.pay.java.core.http.DefaultHttpClientBuilder;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.billdownload.BillDownloadServiceExtension;
import com.wechat.pay.java.service.payments.jsapi.model.PrepayWithRequestPaymentResponse;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.payments.nativepay.NativePayService;
import com.wechat.pay.java.service.payments.nativepay.model.Amount;
import com.wechat.pay.java.service.payments.nativepay.model.PrepayRequest;
import com.wechat.pay.java.service.payments.nativepay.model.QueryOrderByOutTradeNoRequest;
import com.wechat.pay.java.service.refund.RefundService;
import io.payonce.sandbox.SandboxTestSupport;
import io.payonce.sandbox.keys.RsaKeys;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.Signature;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * A merchant that talks to the sandbox's WeChat Pay through the official wechatpay-java SDK, in
 * public-key mode, exactly as reference §4.2 says: the SDK's literal {@code
 * https://api.mch.weixin.qq.com} URLs are moved to the sandbox by an OkHttp interceptor that also
 * adds the {@code /sandbox/wechat} prefix. The SDK signs the original path and verifies every
 * response signature, so each side checks the other.
 */
public abstract class WechatSandboxTestSupport extends SandboxTestSupport {

  protected static final String MCHID = "1900000001";
  protected static final String APPID = "wxd930ea5d5a258f4f";
  protected static final String SERIAL = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
  protected static final String API_V3_KEY = "a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb";
  protected static final String V2_KEY = "192006250b4c09247ec02edce69f6a2d";
  protected static final KeyPair MERCHANT_KEYS = RsaKeys.generate();
  private static final AtomicLong SEQUENCE = new AtomicLong(System.nanoTime() % 1_000_000);

  protected static WechatNotifyReceiver receiver;

  @Autowired protected WechatSandbox sandbox;

  protected RSAPublicKeyConfig config;
  protected NativePayService nativePay;
  protected RefundService refunds;
  protected BillDownloadServiceExtension bills;
  protected NotificationParser parser;

  @BeforeAll
  static void startReceiver() {
    receiver = WechatNotifyReceiver.start();
  }

  @AfterAll
  static void stopReceiver() {
    receiver.close();
  }

  @BeforeEach
  void connectMerchant() {
    receiver.clear();
    registerMerchant(null);
    config =
        new RSAPublicKeyConfig.Builder()
            .merchantId(MCHID)
            .privateKey(RsaKeys.encode(MERCHANT_KEYS.getPrivate()))
            .merchantSerialNumber(SERIAL)
            .publicKey(sandbox.publicKeyPem())
            .publicKeyId(sandbox.publicKeyId())
            .apiV3Key(API_V3_KEY)
            .build();
    HttpClient client = httpClient(10_000);
    nativePay = new NativePayService.Builder().httpClient(client).build();
    refunds = new RefundService.Builder().httpClient(client).build();
    bills =
        new BillDownloadServiceExtension.Builder()
            .httpClient(client)
            .decryptor(config.createDecryptor())
            .build();
    parser = new NotificationParser(config);
  }

  /** (Re-)registers the test merchant; its APIv2 XML payment notifies go to {@code v2NotifyUrl}. */
  protected void registerMerchant(String v2NotifyUrl) {
    sandbox.registerMerchant(
        new WechatMerchant(
            MCHID,
            APPID,
            RsaKeys.encode(MERCHANT_KEYS.getPublic()),
            SERIAL,
            API_V3_KEY,
            V2_KEY,
            v2NotifyUrl,
            null));
  }

  /** The SDK's HTTP client, moved to the sandbox by an interceptor (reference §4.2). */
  protected HttpClient httpClient(int readTimeoutMillis) {
    HttpUrl base = HttpUrl.get("http://127.0.0.1:" + port + "/");
    OkHttpClient ok =
        new OkHttpClient.Builder()
            .addInterceptor(
                chain -> {
                  Request request = chain.request();
                  if (request.url().host().endsWith("mch.weixin.qq.com")) {
                    HttpUrl moved =
                        request
                            .url()
                            .newBuilder()
                            .scheme(base.scheme())
                            .host(base.host())
                            .port(base.port())
                            .encodedPath(WechatSandbox.BASE_PATH + request.url().encodedPath())
                            .build();
                    request = request.newBuilder().url(moved).build();
                  }
                  return chain.proceed(request);
                })
            .build();
    return new DefaultHttpClientBuilder()
        .config(config)
        .okHttpClient(ok)
        .readTimeoutMs(readTimeoutMillis)
        .build();
  }

  protected static String outTradeNo() {
    return "WX" + SEQUENCE.incrementAndGet() + "_" + System.nanoTime() % 1000;
  }

  protected PrepayRequest prepayRequest(String outTradeNo, int fen) {
    PrepayRequest request = new PrepayRequest();
    request.setAppid(APPID);
    request.setMchid(MCHID);
    request.setDescription("测试 a&b=c");
    request.setOutTradeNo(outTradeNo);
    request.setNotifyUrl(receiver.url());
    Amount amount = new Amount();
    amount.setTotal(fen);
    amount.setCurrency("CNY");
    request.setAmount(amount);
    return request;
  }

  protected String prepay(String outTradeNo, int fen) {
    return nativePay.prepay(prepayRequest(outTradeNo, fen)).getCodeUrl();
  }

  protected Transaction query(String outTradeNo) {
    QueryOrderByOutTradeNoRequest request = new QueryOrderByOutTradeNoRequest();
    request.setMchid(MCHID);
    request.setOutTradeNo(outTradeNo);
    return nativePay.queryOrderByOutTradeNo(request);
  }

  /** A Native order the buyer has paid from the wallet. */
  protected String paidOrder(int fen) {
    String outTradeNo = outTradeNo();
    walletPay(prepay(outTradeNo, fen));
    return outTradeNo;
  }

  protected JsonNode walletPay(String code) {
    return postJson("/sandbox/wallet/pay", Map.of("qrCode", code));
  }

  protected JsonNode ledgerRow(String outTradeNo) {
    return get("/sandbox/wechat/orders?outTradeNo=" + outTradeNo).get(0);
  }

  protected JsonNode notifies(String outTradeNo) {
    return get("/sandbox/wechat/notifies?outTradeNo=" + outTradeNo);
  }

  protected List<String> outcomes(String outTradeNo) {
    return notifies(outTradeNo).findValuesAsString("outcome");
  }

  /** Verifies and decrypts a received notify exactly as a merchant does, with the SDK. */
  protected <T> T parse(WechatNotifyReceiver.Received notify, Class<T> type) {
    return parser.parse(
        new RequestParam.Builder()
            .serialNumber(notify.header("Wechatpay-Serial"))
            .nonce(notify.header("Wechatpay-Nonce"))
            .signature(notify.header("Wechatpay-Signature"))
            .timestamp(notify.header("Wechatpay-Timestamp"))
            .signType(notify.header("Wechatpay-Signature-Type"))
            .body(notify.body())
            .build(),
        type);
  }

  /** The payment notifies received for an order, verified and decrypted by the SDK. */
  protected List<Transaction> transactionNotifies(String outTradeNo) {
    return receiver.received().stream()
        .filter(r -> r.path().equals("/notify") && r.body().contains("TRANSACTION."))
        .map(r -> tryParse(r, Transaction.class))
        .flatMap(Optional::stream)
        .filter(t -> outTradeNo.equals(t.getOutTradeNo()))
        .toList();
  }

  protected <T> Optional<T> tryParse(WechatNotifyReceiver.Received notify, Class<T> type) {
    try {
      return Optional.of(parse(notify, type));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /** An APIv3 request signed by hand (for the tests of what the SDK would never send). */
  protected java.net.http.HttpResponse<String> rawV3(
      String method, String apiPath, String body, String authorization) {
    try {
      var builder =
          java.net.http.HttpRequest.newBuilder(
                  java.net.URI.create(
                      "http://127.0.0.1:" + port + WechatSandbox.BASE_PATH + apiPath))
              .header("Accept", "application/json")
              .header("Content-Type", "application/json")
              .method(
                  method,
                  body == null
                      ? java.net.http.HttpRequest.BodyPublishers.noBody()
                      : java.net.http.HttpRequest.BodyPublishers.ofString(body));
      if (authorization != null) {
        builder.header("Authorization", authorization);
      }
      return java.net.http.HttpClient.newBuilder()
          .version(java.net.http.HttpClient.Version.HTTP_1_1)
          .build()
          .send(builder.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
    } catch (java.io.IOException | InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code WECHATPAY2-SHA256-RSA2048 ...} over METHOD\nURL\nts\nnonce\nbody\n. */
  protected static String authorization(
      String method, String signedUrl, String body, long timestamp, String serial, KeyPair keys) {
    String nonce = "593BEC0C930BF1AFEB40B4A08C8FB242";
    String message =
        method + "\n" + signedUrl + "\n" + timestamp + "\n" + nonce + "\n" + body + "\n";
    try {
      Signature signature = Signature.getInstance("SHA256withRSA");
      signature.initSign(keys.getPrivate());
      signature.update(message.getBytes(StandardCharsets.UTF_8));
      String signed = Base64.getEncoder().encodeToString(signature.sign());
      return "WECHATPAY2-SHA256-RSA2048 mchid=\""
          + MCHID
          + "\",nonce_str=\""
          + nonce
          + "\",signature=\""
          + signed
          + "\",timestamp=\""
          + timestamp
          + "\",serial_no=\""
          + serial
          + "\"";
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A JSAPI prepay of {@code fen} for the payer {@code openid} (none: no payer). */
  protected com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest jsapiRequest(
      String outTradeNo, int fen, String openid) {
    com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest request =
        new com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest();
    request.setAppid(APPID);
    request.setMchid(MCHID);
    request.setDescription("JSAPI 测试");
    request.setOutTradeNo(outTradeNo);
    request.setNotifyUrl(receiver.url());
    com.wechat.pay.java.service.payments.jsapi.model.Amount amount =
        new com.wechat.pay.java.service.payments.jsapi.model.Amount();
    amount.setTotal(fen);
    amount.setCurrency("CNY");
    request.setAmount(amount);
    if (openid != null) {
      com.wechat.pay.java.service.payments.jsapi.model.Payer payer =
          new com.wechat.pay.java.service.payments.jsapi.model.Payer();
      payer.setOpenid(openid);
      request.setPayer(payer);
    }
    return request;
  }

  /** The JS bridge's parameters, as the merchant's page passes them. */
  protected static Map<String, Object> bridgeParams(PrepayWithRequestPaymentResponse r) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("appId", r.getAppId());
    params.put("timeStamp", r.getTimeStamp());
    params.put("nonceStr", r.getNonceStr());
    params.put("package", r.getPackageVal());
    params.put("signType", r.getSignType());
    params.put("paySign", r.getPaySign());
    return params;
  }
}
