package io.payonce.server.channel;

import java.util.Map;

/**
 * How one channel reads an operator's settings for an account (its ids, keys, secrets): the channel
 * package knows the fields, the neutral store keeps them encrypted as one document.
 */
public interface ChannelSettingsFormat {

  /** Whose settings these are. */
  Channel channel();

  /** The fields {@link #parse} reads, in the order a form asks for them. */
  java.util.List<String> fields();

  /**
   * Checks the settings (required fields, parseable keys) and splits them into what is stored
   * encrypted and what may be shown.
   *
   * @throws InvalidChannelSettingsException naming the first field that is wrong
   */
  ParsedSettings parse(Map<String, String> fields);

  /**
   * Checked settings.
   *
   * @param accountId the channel's id of the account (Alipay app_id, WeChat mchid): what its
   *     notifies name
   * @param settings everything the adapter needs, secrets included: stored encrypted only
   * @param summary what an operator may see: ids and key fingerprints, never a secret
   */
  record ParsedSettings(
      String accountId, Map<String, String> settings, Map<String, String> summary) {

    @Override
    public String toString() {
      return "ParsedSettings[accountId=" + accountId + ", summary=" + summary + "]";
    }
  }
}
