package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.chaos.GatewayChaos;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.wechat.WechatCallLog;
import io.payonce.sandbox.wechat.WechatMerchant;
import io.payonce.sandbox.wechat.WechatMerchants;
import io.payonce.sandbox.wechat.WechatPlatformKey;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Routes an APIv3 request, authenticates it, applies gateway chaos, runs the endpoint, signs the
 * response and records the call. Never throws: every failure is a signed {@code
 * {"code","message"}}.
 */
@Component
class V3Gateway {

  private static final Logger log = LoggerFactory.getLogger(V3Gateway.class);

  private final List<V3Api> apis;
  private final Authentication authentication;
  private final SignedResponses responses;
  private final WechatCallLog calls;
  private final Chaos chaos;
  private final GatewayChaos gatewayChaos;
  private final SandboxClock clock;

  V3Gateway(
      List<V3Api> apis,
      WechatMerchants merchants,
      WechatPlatformKey platformKey,
      WechatCallLog calls,
      Chaos chaos,
      GatewayChaos gatewayChaos,
      SandboxClock clock,
      SandboxProperties properties) {
    this.apis = List.copyOf(apis);
    // Signatures are checked against real time: the client signs with its own clock, whatever
    // the sandbox clock says.
    Clock realTime = Clock.systemUTC();
    this.authentication =
        new Authentication(merchants, realTime, properties.getWechat().getTimestampTolerance());
    this.responses = new SignedResponses(platformKey, realTime);
    this.calls = calls;
    this.chaos = chaos;
    this.gatewayChaos = gatewayChaos;
    this.clock = clock;
  }

  /** The response to write and how long to hold it back. */
  record Exchange(SignedResponses.Signed response, long delayMillis) {}

  Exchange handle(V3Request request) {
    List<String> applied = new ArrayList<>();
    String name = null;
    String outTradeNo = null;
    String mchid = null;
    long delay = 0;
    V3Reply reply;
    try {
      Route route = route(request);
      name = route.api().name();
      WechatMerchant merchant = authentication.verify(request);
      mchid = merchant.mchid();
      JsonBody body =
          request.method().equals("POST") ? JsonBody.parse(request.body(), responses.json()) : null;
      V3Call call =
          new V3Call(
              name, merchant, route.pathValues(), query(request.query()), body, request.baseUrl());
      outTradeNo = outTradeNo(route, call);
      GatewayChaos.Delayed<V3Reply> delayed = run(route.api(), call, outTradeNo, applied);
      reply = delayed.reply();
      delay = delayed.delayMillis();
    } catch (V3Failure failure) {
      reply =
          V3Reply.error(failure.status(), failure.code(), failure.getMessage(), failure.detail());
    }
    boolean forge = gatewayChaos.forgesSignature(name, outTradeNo, applied);
    calls.record(
        new WechatCallLog.Call(
            clock.now(),
            name,
            mchid,
            outTradeNo,
            request.method() + " " + request.withQuery(request.apiPath()) + " " + request.body(),
            reply.status(),
            reply.code(),
            reply.message(),
            List.copyOf(applied)));
    return new Exchange(responses.sign(reply, forge), delay);
  }

  /** The endpoint under the gateway knobs: an injected error answers instead when one fires. */
  private GatewayChaos.Delayed<V3Reply> run(
      V3Api api, V3Call call, String outTradeNo, List<String> applied) {
    return gatewayChaos.run(
        api.name(),
        outTradeNo,
        applied,
        () -> injectedError(api.name(), outTradeNo),
        () -> dispatch(api, call, outTradeNo));
  }

  private V3Reply dispatch(V3Api api, V3Call call, String outTradeNo) {
    try {
      return api.handle(call);
    } catch (V3Failure failure) {
      return V3Reply.error(
          failure.status(), failure.code(), failure.getMessage(), failure.detail());
    } catch (WechatRefused refused) {
      return refusal(refused, api.name(), outTradeNo);
    } catch (RuntimeException e) {
      log.warn(
          "wechat_api_failure api={} type={} message={}",
          api.name(),
          e.getClass().getSimpleName(),
          e.getMessage());
      return V3Reply.error(500, "SYSTEM_ERROR", "系统异常，请用相同参数重新调用", null);
    }
  }

  /** A ledger refusal as WeChat answers it; ORDERPAID's status is a knob (403 or 400). */
  private V3Reply refusal(WechatRefused refused, String name, String outTradeNo) {
    Refusal refusal = refused.refusal();
    int status = refusal.httpStatus();
    if (refusal == Refusal.ORDER_PAID) {
      status = Integer.parseInt(chaos.choice(ChaosKnob.ORDER_PAID_STATUS, name, outTradeNo));
    }
    return V3Reply.error(status, refusal.code(), refused.getMessage(), null);
  }

  private V3Reply injectedError(String name, String outTradeNo) {
    String code = chaos.choice(ChaosKnob.WECHAT_ERROR_CODE, name, outTradeNo);
    boolean limited =
        switch (code) {
          case "FREQUENCY_LIMITED" -> true;
          case "SYSTEM_ERROR" -> false;
          default -> chaos.coin();
        };
    return limited
        ? V3Reply.error(429, "FREQUENCY_LIMITED", "频率超限，请降低请求接口频率", null)
        : V3Reply.error(500, "SYSTEM_ERROR", "系统异常，请用相同参数重新调用", null);
  }

  private record Route(V3Api api, List<String> pathValues) {}

  private Route route(V3Request request) {
    String path = request.apiPath();
    boolean pathKnown = false;
    for (V3Api api : apis) {
      Matcher matcher = api.path().matcher(path);
      if (!matcher.matches()) {
        continue;
      }
      pathKnown = true;
      if (api.httpMethod().equals(request.method())) {
        List<String> values = new ArrayList<>();
        for (int i = 1; i <= matcher.groupCount(); i++) {
          values.add(decode(matcher.group(i)));
        }
        return new Route(api, values);
      }
    }
    if (pathKnown) {
      throw new V3Failure(405, "METHOD_NOT_ALLOWED", "不支持的请求方法 " + request.method());
    }
    throw new V3Failure(404, "NOT_FOUND", "请求的资源不存在: " + path);
  }

  private static String outTradeNo(Route route, V3Call call) {
    return route.api().outTradeNo(call);
  }

  private static Map<String, String> query(String query) {
    Map<String, String> values = new LinkedHashMap<>();
    if (query == null || query.isEmpty()) {
      return values;
    }
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      String value = eq < 0 ? "" : pair.substring(eq + 1);
      values.putIfAbsent(decode(name), decode(value));
    }
    return values;
  }

  private static String decode(String value) {
    try {
      return URLDecoder.decode(value, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException malformed) {
      return value;
    }
  }
}
