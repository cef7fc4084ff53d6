package io.payonce.server.testing;

import com.alipay.api.internal.util.AlipaySignature;
import io.payonce.sandbox.alipay.AlipayPlatformKey;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Alipay notifies as form bodies, signed as Alipay signs them (the sandbox's platform key). */
public final class AlipayNotifyForms {

  private AlipayNotifyForms() {}

  /** The parameters, with {@code sign_type} and {@code sign} added, as a form body. */
  public static String signed(AlipayPlatformKey key, Map<String, String> params) {
    Map<String, String> all = new LinkedHashMap<>(params);
    String content = AlipaySignature.getSignCheckContentV1(all);
    all.put("sign_type", "RSA2");
    all.put("sign", key.sign(content, StandardCharsets.UTF_8));
    return all.entrySet().stream()
        .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
  }
}
