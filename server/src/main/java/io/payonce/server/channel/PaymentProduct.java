package io.payonce.server.channel;

/**
 * One way a buyer pays through one channel, as the merchant API offers it: {@code POST
 * /pay/{channel}/{verb}}.
 *
 * @param needsClientIp whether its hand-off needs the buyer's address ({@link
 *     PaymentChannel#needsClientIp})
 */
public record PaymentProduct(
    Channel channel, PaymentKind kind, String channelName, boolean needsClientIp) {

  /**
   * Stands for the channel in the text of a route shared by every product of a kind (the path
   * variable, and its name in summaries): the API document writes one operation per product.
   */
  public static final String CHANNEL = "{channel}";

  /** The merchant API's route of this product. */
  public String path() {
    return "/pay/" + channel.path() + "/" + kind.verb();
  }

  /**
   * An operation id for this product's route, e.g. {@code alipayPrecreate}, {@code
   * alipayMobileWeb}.
   */
  public String operationId() {
    StringBuilder id = new StringBuilder(channel.path());
    for (String word : kind.verb().split("-")) {
      id.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
    }
    return id.toString();
  }
}
