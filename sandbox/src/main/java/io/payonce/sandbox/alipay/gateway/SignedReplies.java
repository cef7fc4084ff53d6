package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.AlipayPlatformKey;
import java.nio.charset.Charset;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds {@code {"<node>":<inner>,"sign":"..."}}: the inner object is written to a string first and
 * exactly those characters are signed, because the SDK verifies the exact substring.
 */
@Component
class SignedReplies {

  private final JsonMapper json = JsonMapper.builder().build();
  private final AlipayPlatformKey platformKey;

  SignedReplies(AlipayPlatformKey platformKey) {
    this.platformKey = platformKey;
  }

  String envelope(String node, AlipayReply reply, Charset charset, boolean forgeSignature) {
    String inner = json.writeValueAsString(reply.inner());
    String signed = forgeSignature ? inner + " " : inner;
    String sign = platformKey.sign(signed, charset);
    return "{\"" + node + "\":" + inner + ",\"sign\":\"" + sign + "\"}";
  }

  JsonMapper json() {
    return json;
  }
}
