package io.payonce.server.channel;

import org.springframework.http.MediaType;

/**
 * A channel's callback endpoint, as the shared web layer must know it: a request it refuses there
 * (malformed, too large) is answered with the channel's own failure reply instead of a problem
 * document, so that the channel simply delivers again; the merchant API's security chain and
 * document leave it out. Every channel's callback protocol is one.
 */
public interface ChannelCallback {

  /** The exact request path the channel posts to. */
  String path();

  /** The failure reply's content type. */
  MediaType replyType();

  /** The failure reply's body; it must say nothing of the refused request. */
  String failureReply();

  /**
   * Whether a request path is this callback's: its path, or one segment under it (a stored channel
   * configuration's own notify path, {@code /pay/wechat/notify/{configKey}}).
   */
  default boolean covers(String requestPath) {
    String path = path();
    return requestPath.equals(path)
        || (requestPath.startsWith(path + "/")
            && requestPath.indexOf('/', path.length() + 1) < 0
            && requestPath.length() > path.length() + 1);
  }
}
