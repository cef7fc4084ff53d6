package io.payonce.server.channel;

import java.net.URI;

/**
 * How a page opened inside a channel's own app learns who the buyer is, for the products whose JS
 * bridge pays only for the buyer the trade names (WeChat's JSAPI: the openid under the official
 * account, through WeChat's web sign-in). The buyer's browser is sent to the channel's sign-in
 * page, which sends it back with a one-time code; the code, exchanged server to server, gives the
 * buyer's id at the channel.
 */
public interface BuyerSignIn {

  /** Whether a page with this User-Agent runs in the channel's own app, where its bridge pays. */
  boolean isOwnBrowser(String userAgent);

  /**
   * The channel's sign-in page, which sends the browser back to {@code returnTo} with a code and
   * {@code state} (the page's own check that the return is the sign-in it started).
   */
  URI signInPage(URI returnTo, String state);

  /**
   * The buyer's id at the channel for the code the sign-in sent back: done; refused (the code is
   * unknown, used or expired: sign in again); or unknown (the channel could not be asked).
   */
  ChannelOutcome<String> channelUserId(String code);
}
