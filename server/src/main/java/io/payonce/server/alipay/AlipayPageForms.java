package io.payonce.server.alipay;

import io.payonce.server.channel.Handoff;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A signed cashier-page request as both of the SDK's shapes. {@code pageExecute(request, "GET")}
 * gives the gateway URL with every parameter in its query; {@code pageExecute(request, "POST")}
 * signs the same parameters and writes a form whose action carries the protocol parameters and
 * whose one field is {@code biz_content} (WebUtils.buildForm). Splitting the signed URL that way
 * gives that form without signing twice.
 */
final class AlipayPageForms {

  private static final String BIZ_CONTENT = "biz_content";

  private AlipayPageForms() {}

  static Handoff.Redirect of(String url) {
    int query = url.indexOf('?');
    if (query < 0) {
      throw new IllegalStateException("a page request without parameters");
    }
    StringBuilder action = new StringBuilder(url.substring(0, query + 1));
    String bizContent = null;
    boolean first = true;
    for (String pair : url.substring(query + 1).split("&")) {
      if (pair.startsWith(BIZ_CONTENT + "=")) {
        // The SDK's GET URL is encoded in UTF-8, the charset it signs in (AlipayConfig's default).
        bizContent =
            URLDecoder.decode(pair.substring(BIZ_CONTENT.length() + 1), StandardCharsets.UTF_8);
        continue;
      }
      if (!first) {
        action.append('&');
      }
      action.append(pair);
      first = false;
    }
    if (bizContent == null) {
      throw new IllegalStateException("a page request without biz_content");
    }
    return new Handoff.Redirect(url, action.toString(), Map.of(BIZ_CONTENT, bizContent));
  }
}
