package io.payonce.client;

/**
 * What the buyer's side gives a hand-off; every field optional unless the product needs it.
 *
 * @param returnUrl where the channel's page sends the browser after paying: a page of the
 *     merchant's that asks PayOnce for the order's status, never proof of payment
 * @param quitUrl where the channel's mobile page sends a buyer who leaves without paying
 * @param clientIp the buyer's address as the merchant's page saw it
 * @param channelUserId the buyer's id at the channel (a WeChat openid), for {@link Product#JSAPI}
 *     and {@link Product#MINI_PROGRAM}
 */
public record Buyer(String returnUrl, String quitUrl, String clientIp, String channelUserId) {

  /** Nothing given. */
  public static Buyer none() {
    return new Buyer(null, null, null, null);
  }

  /** A browser that comes back to {@code returnUrl} after paying. */
  public static Buyer returningTo(String returnUrl) {
    return new Buyer(returnUrl, null, null, null);
  }

  /** The buyer known to the channel as {@code channelUserId} (an openid). */
  public static Buyer known(String channelUserId) {
    return new Buyer(null, null, null, channelUserId);
  }
}
