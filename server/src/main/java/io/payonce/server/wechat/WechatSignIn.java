package io.payonce.server.wechat;

import io.payonce.server.channel.BuyerSignIn;
import io.payonce.server.channel.ChannelCalls;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.Refusal;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.Response;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * WeChat's web sign-in for the official account's pages ({@code snsapi_base}: silent, the openid
 * only): the cashier opened in WeChat sends the browser to {@code
 * open.weixin.qq.com/connect/oauth2/authorize}, and exchanges the code it comes back with at {@code
 * api.weixin.qq.com/sns/oauth2/access_token} for the buyer's openid under the account, which a
 * JSAPI prepay names. The exchange carries the AppSecret in its query: its URL is never logged,
 * only WeChat's {@code errcode}.
 */
final class WechatSignIn implements BuyerSignIn {

  private static final String OPEN = "https://open.weixin.qq.com";
  private static final String API = "https://api.weixin.qq.com";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The code is no good: unknown, expired (40029), used (40163) or not this account's. */
  private static final Set<Integer> CODE_REFUSED = Set.of(40029, 40163, 40030);

  /** WeChat is busy: try again. */
  private static final int BUSY = -1;

  private final WechatClientProvider provider;
  private final ChannelCalls calls;

  WechatSignIn(WechatClientProvider provider, ChannelCalls calls) {
    this.provider = provider;
    this.calls = calls;
  }

  /**
   * WeChat's own browser: "MicroMessenger" in the User-Agent, but not a mini-program's web view
   * (which pays through the mini-program) nor WeCom's ("wxwork"), where JSAPI does not pay.
   */
  @Override
  public boolean isOwnBrowser(String userAgent) {
    return userAgent != null
        && userAgent.contains("MicroMessenger")
        && !userAgent.contains("miniProgram")
        && !userAgent.contains("wxwork");
  }

  @Override
  public URI signInPage(URI returnTo, String state) {
    // The account (and, against a sandbox, its AppSecret) is registered at the first client use.
    provider.clients();
    return URI.create(
        provider.webBase(OPEN)
            + "/connect/oauth2/authorize?appid="
            + encode(provider.appid())
            + "&redirect_uri="
            + encode(returnTo.toString())
            + "&response_type=code&scope=snsapi_base&state="
            + encode(state)
            + "#wechat_redirect");
  }

  @Override
  public ChannelOutcome<String> channelUserId(String code) {
    // The account (and, against a sandbox, its AppSecret) is registered at the first client use.
    provider.clients();
    return calls.call("wechat.oauth.access_token", null, () -> exchange(code));
  }

  private ChannelCalls.Answer<String> exchange(String code) {
    HttpUrl url =
        HttpUrl.get(provider.webBase(API) + "/sns/oauth2/access_token")
            .newBuilder()
            .addQueryParameter("appid", provider.appid())
            .addQueryParameter("secret", provider.appSecret())
            .addQueryParameter("code", code)
            .addQueryParameter("grant_type", "authorization_code")
            .build();
    try (Response response =
        provider.plainHttp().newCall(new Request.Builder().url(url).build()).execute()) {
      if (response.code() != 200) {
        String detail = "http " + response.code();
        return new ChannelCalls.Answer<>(ChannelOutcome.unknown(detail), detail);
      }
      JsonNode body = JSON.readTree(response.body().string());
      String openid = body.path("openid").asString("");
      if (!openid.isBlank()) {
        return new ChannelCalls.Answer<>(ChannelOutcome.done(openid), "OK");
      }
      int errcode = body.path("errcode").asInt(BUSY);
      String detail = "errcode " + errcode;
      if (errcode == BUSY) {
        return new ChannelCalls.Answer<>(ChannelOutcome.unknown(detail), detail);
      }
      // A bad code is the buyer's to retry (sign in again); a bad appid or secret is ours to fix,
      // and signing in again will not help either: both are refusals, told apart by the code.
      return new ChannelCalls.Answer<>(
          ChannelOutcome.refused(
              Refusal.OTHER,
              CODE_REFUSED.contains(errcode) ? "CODE_INVALID" : "ERRCODE_" + errcode,
              body.path("errmsg").asString("")),
          detail);
    } catch (IOException | RuntimeException e) {
      String detail = "http: " + ChannelCalls.rootCause(e);
      return new ChannelCalls.Answer<>(ChannelOutcome.unknown(detail), detail);
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value == null ? "" : value, StandardCharsets.UTF_8);
  }
}
