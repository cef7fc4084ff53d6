package io.payonce.sandbox.alipay.gateway;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The protocol and application params of one gateway call, URL-decoded with the charset the request
 * names (query and form body merged), as Alipay reads them.
 *
 * @param charset null when the request names a charset Alipay does not support
 */
record GatewayRequest(Map<String, String> params, Charset charset) {

  private static final Set<String> SUPPORTED_CHARSETS = Set.of("UTF-8", "GBK", "GB2312");

  String param(String name) {
    String value = params.get(name);
    return value == null || value.isEmpty() ? null : value;
  }

  /** The charset to answer in: the request's, or UTF-8 when it named a bad one. */
  Charset replyCharset() {
    return charset == null ? StandardCharsets.UTF_8 : charset;
  }

  static GatewayRequest read(HttpServletRequest http) throws IOException {
    List<String[]> raw = new ArrayList<>(split(http.getQueryString()));
    String contentType = http.getContentType();
    if (contentType != null
        && contentType.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded")) {
      // Form bodies are URL-encoded ASCII: ISO-8859-1 keeps every byte for decoding below.
      raw.addAll(
          split(new String(http.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1)));
    }
    GatewayRequest request = decoded(raw);
    Map<String, String> params = new LinkedHashMap<>(request.params());
    // A filter of the host may already have consumed the form body; the container decoded it.
    http.getParameterMap()
        .forEach(
            (name, values) -> {
              if (values.length > 0) {
                params.putIfAbsent(name, values[0]);
              }
            });
    return new GatewayRequest(params, request.charset());
  }

  /**
   * The params of a signed request written as one URL-encoded string, as Alipay's app SDK hands the
   * merchant's order string over.
   */
  static GatewayRequest parse(String encoded) {
    return decoded(split(encoded));
  }

  private static GatewayRequest decoded(List<String[]> raw) {
    String charsetName =
        raw.stream()
            .filter(pair -> pair[0].equals("charset"))
            .map(pair -> decode(pair[1], StandardCharsets.UTF_8))
            .findFirst()
            .orElse("UTF-8");
    Charset charset = supported(charsetName);
    Charset decoding = charset == null ? StandardCharsets.UTF_8 : charset;
    Map<String, String> params = new LinkedHashMap<>();
    for (String[] pair : raw) {
      params.putIfAbsent(decode(pair[0], decoding), decode(pair[1], decoding));
    }
    return new GatewayRequest(params, charset);
  }

  private static Charset supported(String name) {
    String upper = name.trim().toUpperCase(Locale.ROOT);
    return SUPPORTED_CHARSETS.contains(upper) ? Charset.forName(upper) : null;
  }

  private static List<String[]> split(String encoded) {
    List<String[]> pairs = new ArrayList<>();
    if (encoded == null || encoded.isEmpty()) {
      return pairs;
    }
    for (String pair : encoded.split("&")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        pairs.add(new String[] {pair.substring(0, eq), pair.substring(eq + 1)});
      } else if (!pair.isEmpty()) {
        pairs.add(new String[] {pair, ""});
      }
    }
    return pairs;
  }

  private static String decode(String value, Charset charset) {
    try {
      return URLDecoder.decode(value, charset);
    } catch (IllegalArgumentException malformed) {
      return value;
    }
  }
}
