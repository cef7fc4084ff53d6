package io.payonce.server.channel;

/** An operator's channel settings that cannot be used: which field, and why (never its value). */
public class InvalidChannelSettingsException extends RuntimeException {

  private final String field;

  public InvalidChannelSettingsException(String field, String reason) {
    super(field + ": " + reason);
    this.field = field;
  }

  public String field() {
    return field;
  }
}
