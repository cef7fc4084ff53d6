package io.payonce.client;

/**
 * A webhook request that must not be trusted: its signature header is missing or malformed, no
 * signature matches a secret, its timestamp is outside the tolerance, or its body is not an event.
 * Answer it 400 and do not act on it.
 */
public class WebhookVerificationException extends PayOnceException {

  public WebhookVerificationException(String message) {
    super(message);
  }

  public WebhookVerificationException(String message, Throwable cause) {
    super(message, cause);
  }
}
