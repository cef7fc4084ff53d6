package io.payonce.server.app.web;

import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;

/**
 * A signed request as read from the wire, not yet verified: what {@link SignedRequestConverter}
 * hands to {@link SignedRequestAuthenticationProvider}.
 */
final class SignedRequest extends AbstractAuthenticationToken {

  private final String appId;
  private final long timestamp;
  private final String nonce;
  private final String signature;
  private final String canonical;

  SignedRequest(String appId, long timestamp, String nonce, String signature, String canonical) {
    super(List.of());
    this.appId = appId;
    this.timestamp = timestamp;
    this.nonce = nonce;
    this.signature = signature;
    this.canonical = canonical;
  }

  String appId() {
    return appId;
  }

  long timestamp() {
    return timestamp;
  }

  String nonce() {
    return nonce;
  }

  String signature() {
    return signature;
  }

  String canonical() {
    return canonical;
  }

  @Override
  public Object getCredentials() {
    return signature;
  }

  @Override
  public Object getPrincipal() {
    return appId;
  }
}
