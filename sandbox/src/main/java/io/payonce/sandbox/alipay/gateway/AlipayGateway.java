package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.AlipayApp;
import io.payonce.sandbox.alipay.AlipayApps;
import io.payonce.sandbox.alipay.AlipayTime;
import io.payonce.sandbox.alipay.ledger.TradeRefused;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.chaos.GatewayChaos;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.keys.RsaKeys;
import java.nio.charset.Charset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Checks a call the way Alipay does (params, app, signature), applies gateway chaos, dispatches to
 * the method, signs the reply and records the call. Never throws: every failure is a signed reply.
 */
@Component
class AlipayGateway {

  private static final Logger log = LoggerFactory.getLogger(AlipayGateway.class);
  private static final String ERROR_NODE = "error_response";

  private final Map<String, AlipayMethod> methods;
  private final AlipayApps apps;
  private final SignedReplies replies;
  private final CallLog calls;
  private final Chaos chaos;
  private final GatewayChaos gatewayChaos;
  private final SandboxClock clock;

  AlipayGateway(
      List<AlipayMethod> methods,
      AlipayApps apps,
      SignedReplies replies,
      CallLog calls,
      Chaos chaos,
      GatewayChaos gatewayChaos,
      SandboxClock clock) {
    this.methods =
        methods.stream().collect(Collectors.toMap(AlipayMethod::name, Function.identity()));
    this.apps = apps;
    this.replies = replies;
    this.calls = calls;
    this.chaos = chaos;
    this.gatewayChaos = gatewayChaos;
    this.clock = clock;
  }

  /**
   * The reply to write, in which charset, and how long to hold it back; {@code reply} is what the
   * method answered, for the cashier-page methods whose answer is a page, not the signed JSON.
   */
  record Exchange(String body, Charset charset, long delayMillis, AlipayReply reply) {}

  Exchange handle(GatewayRequest request, String baseUrl) {
    return handle(request, baseUrl, false);
  }

  /**
   * As {@link #handle(GatewayRequest, String)}, for a signed request the buyer's Alipay app brings
   * (the merchant's order string): only the app's methods are taken there, and only there.
   */
  Exchange handleFromApp(GatewayRequest request, String baseUrl) {
    return handle(request, baseUrl, true);
  }

  private Exchange handle(GatewayRequest request, String baseUrl, boolean fromApp) {
    String method = request.param("method");
    String node =
        method != null && methods.containsKey(method) && AppPayMethod.NAME.equals(method) == fromApp
            ? method.replace('.', '_') + "_response"
            : ERROR_NODE;
    List<String> applied = new ArrayList<>();
    AlipayReply reply;
    long delay = 0;
    BizContent biz = null;
    try {
      AlipayApp app = verified(request, method, fromApp);
      biz = BizContent.parse(request.param("biz_content"), replies.json());
      GatewayCall call =
          new GatewayCall(
              method, app, request.param("notify_url"), request.param("return_url"), biz, baseUrl);
      String outTradeNo = call.outTradeNo();
      GatewayChaos.Delayed<AlipayReply> delayed =
          gatewayChaos.run(
              method,
              outTradeNo,
              applied,
              () -> injectedError(chaos.choice(ChaosKnob.GATEWAY_ERROR_CODE, method, outTradeNo)),
              () -> dispatch(call));
      reply = delayed.reply();
      delay = delayed.delayMillis();
    } catch (ProtocolFailure failure) {
      reply = failure.reply;
    } catch (TradeRefused refused) {
      reply = AlipayReply.refused(refused.refusal(), refused.getMessage(), Map.of());
    }
    String outTradeNo = biz == null ? null : biz.text("out_trade_no");
    boolean forge = gatewayChaos.forgesSignature(method, outTradeNo, applied);
    calls.record(
        new CallRecord(
            clock.now(),
            method,
            request.param("app_id"),
            outTradeNo,
            biz == null ? request.param("biz_content") : biz.raw(),
            reply.code(),
            reply.subCode(),
            reply.subMsg(),
            List.copyOf(applied)));
    Charset charset = request.replyCharset();
    return new Exchange(replies.envelope(node, reply, charset, forge), charset, delay, reply);
  }

  private AlipayReply dispatch(GatewayCall call) {
    try {
      return methods.get(call.method()).handle(call);
    } catch (TradeRefused refused) {
      return AlipayReply.refused(refused.refusal(), refused.getMessage(), outTradeNo(call));
    } catch (RuntimeException e) {
      log.warn(
          "gateway_failure method={} type={} message={}",
          call.method(),
          e.getClass().getSimpleName(),
          e.getMessage());
      return AlipayReply.unknownOutcome(false);
    }
  }

  private static Map<String, String> outTradeNo(GatewayCall call) {
    String outTradeNo = call.outTradeNo();
    return outTradeNo == null ? Map.of() : Map.of("out_trade_no", outTradeNo);
  }

  private AlipayReply injectedError(String code) {
    boolean systemError =
        switch (code) {
          case "20000" -> false;
          case "40004" -> true;
          default -> chaos.coin();
        };
    return AlipayReply.unknownOutcome(systemError);
  }

  /** The calling app, once every protocol check has passed; otherwise a ProtocolFailure. */
  private AlipayApp verified(GatewayRequest request, String method, boolean fromApp) {
    if (request.charset() == null) {
      throw new ProtocolFailure(AlipayReply.invalid("isv.invalid-charset", "字符集不合法"));
    }
    if (method == null) {
      throw new ProtocolFailure(AlipayReply.missing("isv.missing-method", "缺少方法名参数"));
    }
    if (!methods.containsKey(method) || AppPayMethod.NAME.equals(method) != fromApp) {
      throw new ProtocolFailure(AlipayReply.invalid("isv.invalid-method", "不存在的方法名"));
    }
    String appId = request.param("app_id");
    if (appId == null) {
      throw new ProtocolFailure(AlipayReply.missing("isv.missing-app-id", "缺少AppID参数"));
    }
    String sign = request.param("sign");
    if (sign == null) {
      throw new ProtocolFailure(AlipayReply.missing("isv.missing-signature", "缺少签名参数"));
    }
    String timestamp = request.param("timestamp");
    if (timestamp == null) {
      throw new ProtocolFailure(AlipayReply.missing("isv.missing-timestamp", "缺少时间戳参数"));
    }
    try {
      AlipayTime.parse(timestamp);
    } catch (DateTimeParseException e) {
      throw new ProtocolFailure(AlipayReply.invalid("isv.invalid-timestamp", "非法的时间戳参数"));
    }
    String format = request.param("format");
    if (format != null && !format.equalsIgnoreCase("json")) {
      throw new ProtocolFailure(AlipayReply.invalid("isv.invalid-format", "无效的数据格式"));
    }
    if (!"RSA2".equals(request.param("sign_type"))) {
      throw new ProtocolFailure(AlipayReply.invalid("isv.invalid-signature-type", "无效的签名类型"));
    }
    AlipayApp app =
        apps.find(appId)
            .orElseThrow(
                () -> new ProtocolFailure(AlipayReply.invalid("isv.invalid-app-id", "无效的AppID参数")));
    if (!RsaKeys.verify(
        signatureContent(request.params()),
        request.charset(),
        sign,
        apps.key(appId).orElseThrow())) {
      throw new ProtocolFailure(AlipayReply.invalid("isv.invalid-signature", "验签出错"));
    }
    return app;
  }

  /** Every param but sign, sorted, empty ones dropped, {@code k=v} joined by {@code &}, raw. */
  static String signatureContent(Map<String, String> params) {
    return new TreeMap<>(params)
        .entrySet().stream()
            .filter(e -> !e.getKey().equals("sign"))
            .filter(e -> !e.getKey().isEmpty() && e.getValue() != null && !e.getValue().isEmpty())
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("&"));
  }

  /** A protocol-level refusal, answered before any method runs. */
  private static final class ProtocolFailure extends RuntimeException {
    private final AlipayReply reply;

    ProtocolFailure(AlipayReply reply) {
      super(reply.subCode(), null, false, false);
      this.reply = reply;
    }
  }
}
