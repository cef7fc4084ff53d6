package io.payonce.sandbox.wechat.v2;

import io.payonce.sandbox.chaos.GatewayChaos;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.wechat.V2Signature;
import io.payonce.sandbox.wechat.WechatCallLog;
import io.payonce.sandbox.wechat.WechatIds;
import io.payonce.sandbox.wechat.WechatMerchant;
import io.payonce.sandbox.wechat.WechatMerchants;
import io.payonce.sandbox.wechat.WechatXml;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Checks an APIv2 call as WeChat does (XML, merchant, appid, sign type, sign), applies gateway
 * chaos, runs the method and signs the answer with the merchant's APIv2 key and the request's sign
 * type. Protocol failures are {@code return_code=FAIL} (unsigned, as WeChat sends them); business
 * failures {@code result_code=FAIL} with an err_code, signed.
 */
@Component
class V2Gateway {

  private static final Logger log = LoggerFactory.getLogger(V2Gateway.class);

  private final Map<String, V2Method> methods;
  private final WechatMerchants merchants;
  private final WechatCallLog calls;
  private final GatewayChaos gatewayChaos;
  private final SandboxClock clock;

  V2Gateway(
      List<V2Method> methods,
      WechatMerchants merchants,
      WechatCallLog calls,
      GatewayChaos gatewayChaos,
      SandboxClock clock) {
    this.methods = methods.stream().collect(Collectors.toMap(V2Method::path, Function.identity()));
    this.merchants = merchants;
    this.calls = calls;
    this.gatewayChaos = gatewayChaos;
    this.clock = clock;
  }

  record Exchange(String body, long delayMillis) {}

  Exchange handle(String path, String body) {
    V2Method method = methods.get(path);
    List<String> applied = new ArrayList<>();
    Map<String, String> fields = null;
    String answer;
    String code;
    String message = null;
    long delay = 0;
    String outTradeNo = null;
    WechatMerchant merchant = null;
    try {
      fields = parse(body);
      outTradeNo = fields.get("out_trade_no");
      merchant = verified(fields);
      String signType = fields.get("sign_type") == null ? V2Signature.MD5 : fields.get("sign_type");
      V2Call call = new V2Call(method.name(), merchant, fields, signType);
      GatewayChaos.Delayed<V2Reply> delayed =
          gatewayChaos.run(
              method.name(),
              outTradeNo,
              applied,
              () -> injectedError(method),
              () -> dispatch(method, call));
      V2Reply reply = delayed.reply();
      delay = delayed.delayMillis();
      boolean forge = gatewayChaos.forgesSignature(method.name(), outTradeNo, applied);
      answer = signed(call, reply, forge);
      code = reply.errCode();
      message = reply.errCodeDes();
    } catch (ProtocolFailure failure) {
      answer = WechatXml.write(Map.of("return_code", "FAIL", "return_msg", failure.getMessage()));
      code = "FAIL";
      message = failure.getMessage();
    }
    calls.record(
        new WechatCallLog.Call(
            clock.now(),
            method.name(),
            merchant == null ? (fields == null ? null : fields.get("mch_id")) : merchant.mchid(),
            outTradeNo,
            body,
            200,
            code,
            message,
            List.copyOf(applied)));
    return new Exchange(answer, delay);
  }

  /** A system error, whose outcome is unknown; reverse also asks to be called again. */
  private static V2Reply injectedError(V2Method method) {
    V2Reply reply = V2Reply.fail("SYSTEMERROR", "系统超时", Map.of());
    return method.name().equals("wechat.reverse") ? reply.with("recall", "Y") : reply;
  }

  private V2Reply dispatch(V2Method method, V2Call call) {
    try {
      return method.handle(call);
    } catch (WechatRefused refused) {
      return method.refused(refused);
    } catch (RuntimeException e) {
      log.warn(
          "wechat_v2_failure method={} type={} message={}",
          method.name(),
          e.getClass().getSimpleName(),
          e.getMessage());
      return V2Reply.fail("SYSTEMERROR", "系统错误", Map.of());
    }
  }

  private static Map<String, String> parse(String body) {
    try {
      return WechatXml.parse(body);
    } catch (IllegalArgumentException e) {
      throw new ProtocolFailure("XML格式错误");
    }
  }

  private WechatMerchant verified(Map<String, String> fields) {
    for (String name : List.of("appid", "mch_id", "nonce_str", "sign")) {
      if (fields.get(name) == null || fields.get(name).isBlank()) {
        throw new ProtocolFailure("缺少参数" + name);
      }
    }
    WechatMerchant merchant =
        merchants.find(fields.get("mch_id")).orElseThrow(() -> new ProtocolFailure("商户号mch_id不存在"));
    if (merchant.v2Key() == null) {
      throw new ProtocolFailure("商户未设置APIv2密钥");
    }
    if (!merchant.appid().equals(fields.get("appid"))) {
      throw new ProtocolFailure("appid和mch_id不匹配");
    }
    if (!V2Signature.supported(fields.get("sign_type"))) {
      throw new ProtocolFailure("签名类型错误，仅支持 MD5 和 HMAC-SHA256");
    }
    if (!V2Signature.verify(fields, fields.get("sign_type"), merchant.v2Key())) {
      throw new ProtocolFailure("签名错误");
    }
    return merchant;
  }

  private static String signed(V2Call call, V2Reply reply, boolean forge) {
    Map<String, String> answer = new LinkedHashMap<>();
    answer.put("return_code", "SUCCESS");
    answer.put("return_msg", "OK");
    answer.put("appid", call.merchant().appid());
    answer.put("mch_id", call.merchant().mchid());
    answer.put("nonce_str", WechatIds.nonce(16));
    answer.put("result_code", reply.resultCode());
    answer.put("err_code", reply.errCode());
    answer.put("err_code_des", reply.errCodeDes());
    reply.fields().forEach(answer::put);
    answer.values().removeIf(value -> value == null);
    Map<String, String> toSign = new LinkedHashMap<>(answer);
    if (forge) {
      toSign.put("forged", "true");
    }
    answer.put("sign", V2Signature.sign(toSign, call.signType(), call.merchant().v2Key()));
    return WechatXml.write(answer);
  }

  /** Refused before any method runs: return_code FAIL with the reason in return_msg. */
  private static final class ProtocolFailure extends RuntimeException {
    ProtocolFailure(String message) {
      super(message, null, false, false);
    }
  }
}
