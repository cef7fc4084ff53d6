package io.payonce.server.channel;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * What a product hands the buyer's side to pay with, in channel-neutral shapes. Nothing in it is a
 * secret (it goes to the buyer's browser), but it is long: logs and journals name its shape only.
 */
public sealed interface Handoff {

  /** The shape's name, as the API answer's {@code type} and the journal spell it. */
  @JsonProperty("type")
  String type();

  /**
   * Send the buyer's browser to the channel's page: either follow {@code url} (GET) or submit a
   * form of {@code formFields} to {@code formAction} (POST). Both carry the same signed request;
   * the form suits requests too long for a URL.
   */
  record Redirect(String url, String formAction, Map<String, String> formFields)
      implements Handoff {

    public Redirect {
      formFields = Map.copyOf(formFields);
    }

    @Override
    @JsonProperty("type")
    public String type() {
      return "redirect";
    }
  }

  /**
   * Hand the channel's SDK in the merchant's app what it pays with: {@code encoded}, the signed
   * request as one string (Alipay's order string), or {@code fields}, the signed parameters one by
   * one; a channel gives what its SDK takes, the other empty. The answer of the SDK on the phone is
   * no proof of payment.
   */
  record AppParams(Map<String, String> fields, String encoded) implements Handoff {

    public AppParams {
      fields = Map.copyOf(fields);
    }

    @Override
    @JsonProperty("type")
    public String type() {
      return "app";
    }
  }

  /**
   * Hand {@code params} to the channel app's JS bridge (or a mini-program's payment call) as they
   * are: they are signed for the one buyer the trade was opened for.
   */
  record Bridge(Map<String, String> params) implements Handoff {

    public Bridge {
      params = Map.copyOf(params);
    }

    @Override
    @JsonProperty("type")
    public String type() {
      return "bridge";
    }
  }
}
