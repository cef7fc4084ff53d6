package io.payonce.server.web;

import org.springframework.http.MediaType;

/**
 * A channel's callback endpoint, declared as a bean by its adapter: the shared web layer answers a
 * request it refuses there (malformed, too large) with the channel's own failure reply instead of a
 * problem document, so that the channel simply delivers again. Alipay's is the body {@code fail};
 * WeChat Pay's a JSON {@code {"code":"FAIL","message":...}}.
 *
 * @param path the exact request path the channel posts to
 * @param replyType the failure reply's content type
 * @param failureReply the failure reply's body; it must say nothing of the refused request
 */
public record ChannelCallback(String path, MediaType replyType, String failureReply) {

  /**
   * Whether a request path is this callback's: its path, or one segment under it (a stored channel
   * configuration's own notify path, {@code /pay/wechat/notify/{configKey}}).
   */
  public boolean covers(String requestPath) {
    return requestPath.equals(path)
        || (requestPath.startsWith(path + "/")
            && requestPath.indexOf('/', path.length() + 1) < 0
            && requestPath.length() > path.length() + 1);
  }
}
