package io.payonce.server.app;

import java.util.List;

/**
 * An app as an operator sees it: never a secret, only whether one is set, and its channel
 * configurations by their ids and key fingerprints.
 *
 * @param webhookSecretSet whether its webhooks are signed with a secret of their own
 * @param bootstrapChannels whether a channel it has no configuration of its own for is spoken with
 *     the deployment's bootstrap configuration (else such a payment is refused, 409 {@code
 *     channel-not-configured})
 * @param channels its channel configurations, current and former (former ones serve the payments
 *     made under them)
 */
public record AppView(
    String appId,
    String name,
    AppStatus status,
    String webhookUrl,
    boolean webhookSecretSet,
    boolean bootstrapChannels,
    List<ChannelConfig> channels) {

  /**
   * What an operator action's record keeps of the app: never a secret, only whether one is set, and
   * the webhook URL without its query (which may carry the merchant's own token).
   */
  public String recorded() {
    return status
        + " · webhook "
        + (webhookUrl == null ? "none" : withoutQuery(webhookUrl))
        + (webhookSecretSet ? " (signed)" : "");
  }

  /** A URL as logs and records may show it: its query, which may carry a token, left out. */
  static String withoutQuery(String url) {
    if (url == null) {
      return null;
    }
    int cut = url.indexOf('?');
    return cut < 0 ? url : url.substring(0, cut) + "?…";
  }
}
