package io.payonce.server.wechat;

import com.github.binarywang.wxpay.config.WxPayConfig;
import com.github.binarywang.wxpay.service.WxPayService;
import com.github.binarywang.wxpay.service.impl.WxPayServiceImpl;
import com.wechat.pay.java.core.RSAPublicKeyConfig;
import com.wechat.pay.java.core.http.DefaultHttpClientBuilder;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.service.billdownload.BillDownloadServiceExtension;
import com.wechat.pay.java.service.payments.app.AppServiceExtension;
import com.wechat.pay.java.service.payments.h5.H5Service;
import com.wechat.pay.java.service.payments.jsapi.JsapiServiceExtension;
import com.wechat.pay.java.service.payments.nativepay.NativePayService;
import com.wechat.pay.java.service.refund.RefundService;
import java.util.concurrent.TimeUnit;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;

/**
 * Builds the library's clients, and with a sandbox gets the keys, at the first use rather than at
 * start-up: the embedded sandbox answers only once the web server has started.
 */
class WechatClientProvider {

  private static final Logger log = LoggerFactory.getLogger(WechatClientProvider.class);

  private final WechatProperties props;
  private final Environment environment;
  private final byte[] v2Certificate;
  private volatile Clients clients;
  private volatile OkHttpClient plain;

  /** Everything built from one set of keys. */
  record Clients(
      WechatKeys keys,
      RSAPublicKeyConfig config,
      NativePayService nativePay,
      JsapiServiceExtension jsapi,
      AppServiceExtension app,
      H5Service h5,
      RefundService refunds,
      HttpClient http,
      NotificationParser parser,
      WxPayService v2,
      BillDownloadServiceExtension bills) {}

  WechatClientProvider(WechatProperties props, Environment environment) {
    this(props, environment, null);
  }

  /**
   * @param v2Certificate a stored merchant's API certificate (PKCS#12 bytes), or null to use the
   *     properties' file, if any
   */
  WechatClientProvider(WechatProperties props, Environment environment, byte[] v2Certificate) {
    this.props = props;
    this.environment = environment;
    this.v2Certificate = v2Certificate == null ? null : v2Certificate.clone();
  }

  Clients clients() {
    Clients current = clients;
    if (current == null) {
      synchronized (this) {
        if (clients == null) {
          clients = build();
        }
        current = clients;
      }
    }
    return current;
  }

  String mchid() {
    return props.mchid();
  }

  String appid() {
    return props.appid();
  }

  /**
   * Whether {@code appid} is one this merchant's payments are made under: {@link #appid()}, the
   * mini-program's or the mobile app's (a notify of any other is not ours).
   */
  boolean owns(String appid) {
    return appid != null
        && (appid.equals(appid()) || appid.equals(miniProgramAppid()) || appid.equals(appAppid()));
  }

  /** The merchant's mobile app's own app id, or null when none is configured. */
  String appAppid() {
    return WechatProperties.present(props.appAppid()) ? props.appAppid() : null;
  }

  /** The mini-program's own app id, or null when none is configured. */
  String miniProgramAppid() {
    return WechatProperties.present(props.miniProgramAppid()) ? props.miniProgramAppid() : null;
  }

  /** The official account's AppSecret (its pages' sign-in), or null when none is configured. */
  String appSecret() {
    return WechatProperties.present(props.appSecret()) ? props.appSecret() : null;
  }

  /**
   * Where a WeChat web host's paths go: the sandbox's base when requests are redirected there, else
   * {@code host} itself (open.weixin.qq.com for the sign-in page, api.weixin.qq.com for its token).
   */
  String webBase(String host) {
    return props.redirected()
        ? environment.resolveRequiredPlaceholders(props.apiBaseUrl()).replaceAll("/+$", "")
        : host;
  }

  /** A plain HTTP client with this merchant's timeouts, for WeChat's non-payment APIs. */
  OkHttpClient plainHttp() {
    OkHttpClient current = plain;
    if (current == null) {
      synchronized (this) {
        if (plain == null) {
          plain =
              new OkHttpClient.Builder()
                  .connectTimeout(props.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                  .readTimeout(props.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                  .followRedirects(false)
                  .build();
        }
        current = plain;
      }
    }
    return current;
  }

  String notifyUrl() {
    return environment.resolveRequiredPlaceholders(props.notifyUrl());
  }

  private Clients build() {
    String sandboxUrl =
        !props.hasKeys() && props.hasSandbox()
            ? environment.resolveRequiredPlaceholders(props.sandboxUrl())
            : null;
    String v2NotifyUrl =
        WechatProperties.present(props.v2NotifyUrl())
            ? environment.resolveRequiredPlaceholders(props.v2NotifyUrl())
            : null;
    WechatKeys keys = WechatKeysResolver.resolve(props, sandboxUrl, notifyUrl(), v2NotifyUrl);
    RSAPublicKeyConfig config =
        new RSAPublicKeyConfig.Builder()
            .merchantId(props.mchid())
            .privateKey(keys.merchantPrivateKey())
            .merchantSerialNumber(keys.merchantSerialNumber())
            .publicKey(keys.platformPublicKey())
            .publicKeyId(keys.platformPublicKeyId())
            .apiV3Key(keys.apiV3Key())
            .build();
    HttpClient http = new DefaultHttpClientBuilder().config(config).okHttpClient(okHttp()).build();
    log.info(
        "wechat_platform_key public_key_id={} mchid={}", keys.platformPublicKeyId(), props.mchid());
    return new Clients(
        keys,
        config,
        new NativePayService.Builder().httpClient(http).build(),
        // The extension signs the bridge's parameters with the merchant key (config's signer);
        // its requests go through the same client, so through the sandbox's interceptor too.
        new JsapiServiceExtension.Builder().config(config).httpClient(http).build(),
        // Signs the mobile app's parameters with the merchant key, as the JSAPI one does.
        new AppServiceExtension.Builder().config(config).httpClient(http).build(),
        new H5Service.Builder().httpClient(http).build(),
        new RefundService.Builder().httpClient(http).build(),
        http,
        new NotificationParser(config),
        v2(keys),
        new BillDownloadServiceExtension.Builder()
            .httpClient(http)
            .decryptor(config.createDecryptor())
            .build());
  }

  /**
   * WxJava for APIv2: its base URL is a setting (payBaseUrl), so no interceptor is needed. Reverse
   * needs the merchant certificate for mutual TLS; against a sandbox over plain HTTP the JVM's
   * default SSL context stands in for it (it is never used).
   */
  private WxPayService v2(WechatKeys keys) {
    WxPayConfig config = new WxPayConfig();
    config.setAppId(props.appid());
    config.setMchId(props.mchid());
    config.setMchKey(keys.v2Key());
    config.setHttpConnectionTimeout((int) props.connectTimeout().toMillis());
    config.setHttpTimeout((int) props.readTimeout().toMillis());
    if (props.redirected()) {
      config.setPayBaseUrl(environment.resolveRequiredPlaceholders(props.apiBaseUrl()));
    }
    if (v2Certificate != null) {
      config.setKeyContent(v2Certificate.clone());
    } else if (WechatProperties.present(props.v2CertificatePath())) {
      config.setKeyPath(props.v2CertificatePath());
    } else {
      try {
        config.setSslContext(javax.net.ssl.SSLContext.getDefault());
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException("no default SSL context", e);
      }
    }
    WxPayService service = new WxPayServiceImpl();
    service.setConfig(config);
    return service;
  }

  /**
   * The library builds every URL from the literal {@code https://api.mch.weixin.qq.com} and has no
   * base-URL setting (wechatpay-java#15, #147); its supported way out is the OkHttp client, whose
   * interceptor moves requests to {@code api-base-url}. The library signs the original path before
   * the interceptor runs, which is what the sandbox verifies.
   */
  private OkHttpClient okHttp() {
    OkHttpClient.Builder builder =
        new OkHttpClient.Builder()
            .connectTimeout(props.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
            .readTimeout(props.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
            .writeTimeout(props.readTimeout().toMillis(), TimeUnit.MILLISECONDS);
    if (WechatProperties.present(props.apiBaseUrl())) {
      HttpUrl base = HttpUrl.get(environment.resolveRequiredPlaceholders(props.apiBaseUrl()));
      String prefix = base.encodedPath().replaceAll("/+$", "");
      builder.addInterceptor(
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
                      .encodedPath(prefix + request.url().encodedPath())
                      .build();
              request = request.newBuilder().url(moved).build();
            }
            return chain.proceed(request);
          });
    }
    return builder.build();
  }
}
