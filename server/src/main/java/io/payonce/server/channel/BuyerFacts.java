package io.payonce.server.channel;

/**
 * What the buyer's side gave when the payment was opened, stored with it so that a retried or
 * taken-over channel call repeats the first call's parameters exactly. Each is optional; which a
 * product uses is its adapter's business.
 *
 * @param channelUserId the buyer's id at the channel (none of this slice's products binds one)
 * @param clientIp the buyer's address, as the merchant's page saw it
 * @param returnUrl where the channel's page sends the buyer's browser after paying; never proof of
 *     payment
 * @param quitUrl where the channel's mobile page sends a buyer who leaves without paying
 */
public record BuyerFacts(String channelUserId, String clientIp, String returnUrl, String quitUrl) {

  private static final BuyerFacts NONE = new BuyerFacts(null, null, null, null);

  public static BuyerFacts none() {
    return NONE;
  }
}
