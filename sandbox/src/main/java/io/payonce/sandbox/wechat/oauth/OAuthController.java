package io.payonce.sandbox.wechat.oauth;

import io.payonce.sandbox.clock.SandboxClock;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * WeChat's web sign-in, as an official account's page inside WeChat uses it to learn the buyer's
 * openid (the payer a JSAPI prepay names):
 *
 * <ul>
 *   <li>{@code GET /sandbox/wechat/connect/oauth2/authorize} (open.weixin.qq.com's): for a known
 *       account, {@code response_type=code}, scope {@code snsapi_base} or {@code snsapi_userinfo}
 *       and an http(s) {@code redirect_uri}, sends the browser there at once with a one-time {@code
 *       code} and the page's {@code state} (the silent sign-in of {@code snsapi_base}); anything
 *       else is WeChat's error page.
 *   <li>{@code GET /sandbox/wechat/sns/oauth2/access_token} (api.weixin.qq.com's): the code, the
 *       account's AppSecret and {@code grant_type=authorization_code} give the openid; WeChat
 *       answers its errors with HTTP 200 and {@code errcode} (40013 appid, 40125 secret, 40029 code
 *       unknown, used or expired, 40002 grant type).
 * </ul>
 */
@RestController
@RequestMapping("/sandbox/wechat")
class OAuthController {

  /** The cookie naming the sandbox's WeChat user in this browser (none: the default user). */
  static final String USER_COOKIE = "sandbox_wechat_user";

  private static final Set<String> SCOPES = Set.of("snsapi_base", "snsapi_userinfo");

  private final OfficialAccounts accounts;
  private final SandboxClock clock;

  OAuthController(OfficialAccounts accounts, SandboxClock clock) {
    this.accounts = accounts;
    this.clock = clock;
  }

  @GetMapping(path = "/connect/oauth2/authorize")
  ResponseEntity<String> authorize(
      @RequestParam(required = false) String appid,
      @RequestParam(name = "redirect_uri", required = false) String redirectUri,
      @RequestParam(name = "response_type", required = false) String responseType,
      @RequestParam(required = false) String scope,
      @RequestParam(required = false) String state,
      @CookieValue(name = USER_COOKIE, required = false) String user) {
    if (!accounts.isKnown(appid)) {
      return errorPage("10016", "不支持的 appid");
    }
    Optional<URI> back = httpUri(redirectUri);
    if (back.isEmpty()) {
      return errorPage("10003", "redirect_uri 参数错误");
    }
    if (!"code".equals(responseType)) {
      return errorPage("10004", "response_type 参数错误");
    }
    if (scope == null || !SCOPES.contains(scope)) {
      return errorPage("10005", "scope 参数错误");
    }
    String code = accounts.grant(appid, user, scope, clock.now());
    String separator = back.get().getRawQuery() == null ? "?" : "&";
    String location =
        redirectUri
            + separator
            + "code="
            + code
            + "&state="
            + URLEncoder.encode(state == null ? "" : state, StandardCharsets.UTF_8);
    return ResponseEntity.status(HttpStatus.FOUND).location(URI.create(location)).build();
  }

  @GetMapping(path = "/sns/oauth2/access_token", produces = MediaType.APPLICATION_JSON_VALUE)
  Map<String, Object> accessToken(
      @RequestParam(required = false) String appid,
      @RequestParam(required = false) String secret,
      @RequestParam(required = false) String code,
      @RequestParam(name = "grant_type", required = false) String grantType) {
    if (!accounts.isKnown(appid)) {
      return error(40013, "invalid appid");
    }
    if (!accounts.secretMatches(appid, secret)) {
      return error(40125, "invalid appsecret");
    }
    if (!"authorization_code".equals(grantType)) {
      return error(40002, "invalid grant_type");
    }
    Instant now = clock.now();
    Optional<OfficialAccounts.Grant> grant = accounts.take(code);
    if (grant.isEmpty()
        || !grant.get().appid().equals(appid)
        || now.isAfter(grant.get().expiresAt())) {
      return error(40029, "invalid code");
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("access_token", "sandbox-" + code.substring(0, 12));
    answer.put("expires_in", 7200);
    answer.put("refresh_token", "sandbox-refresh-" + code.substring(0, 12));
    answer.put("openid", grant.get().openid());
    answer.put("scope", grant.get().scope());
    answer.put("is_snapshotuser", 0);
    return answer;
  }

  private static Optional<URI> httpUri(String value) {
    if (value == null || value.isBlank() || value.length() > 2048) {
      return Optional.empty();
    }
    try {
      URI uri = URI.create(value);
      boolean http = "http".equals(uri.getScheme()) || "https".equals(uri.getScheme());
      return http && uri.getHost() != null ? Optional.of(uri) : Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static ResponseEntity<String> errorPage(String code, String message) {
    return ResponseEntity.status(HttpStatus.BAD_REQUEST)
        .contentType(new MediaType("text", "html", StandardCharsets.UTF_8))
        .body(
            "<!doctype html><html><head><meta charset=\"utf-8\"><title>微信</title></head><body>"
                + "<h1>Oops! Something went wrong:(</h1><p id=\"error\">"
                + code
                + " "
                + HtmlUtils.htmlEscape(message)
                + "</p></body></html>");
  }

  private static Map<String, Object> error(int errcode, String errmsg) {
    return Map.of("errcode", errcode, "errmsg", errmsg);
  }
}
