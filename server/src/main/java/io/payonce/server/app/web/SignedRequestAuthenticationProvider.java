package io.payonce.server.app.web;

import io.payonce.server.app.Apps;
import io.payonce.server.app.CallingApp;
import io.payonce.server.app.NonceStore;
import io.payonce.server.app.RequestSignatures;
import io.payonce.server.app.SigningApp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.CredentialsExpiredException;
import org.springframework.security.authentication.DisabledException;
import org.springframework.security.core.Authentication;

/**
 * Verifies a {@link SignedRequest}: the signature against each active secret of the app (constant
 * time), then the timestamp against the window, then the app's status, and last the nonce, whose
 * first use is recorded — so that neither a forgery nor a disabled app uses up a nonce.
 *
 * <p>The window is checked against wall-clock time, not the business clock that tests and chaos
 * runs move: freshness is about when the request was really made.
 */
final class SignedRequestAuthenticationProvider implements AuthenticationProvider {

  private final Apps apps;
  private final NonceStore nonces;
  private final Duration window;
  private final Clock wallClock;

  SignedRequestAuthenticationProvider(
      Apps apps, NonceStore nonces, Duration window, Clock wallClock) {
    this.apps = apps;
    this.nonces = nonces;
    this.window = window;
    this.wallClock = wallClock;
  }

  @Override
  public Authentication authenticate(Authentication authentication) {
    SignedRequest request = (SignedRequest) authentication;
    Optional<SigningApp> app = apps.forSignatureCheck(request.appId());
    List<String> secrets = app.map(SigningApp::secrets).orElse(List.of());
    boolean verified = false;
    for (String secret : secrets) {
      verified |= RequestSignatures.matches(secret, request.canonical(), request.signature());
    }
    if (!verified) {
      throw new BadCredentialsException("The request's signature does not verify.");
    }
    Instant now = wallClock.instant();
    Instant signedAt = Instant.ofEpochSecond(request.timestamp());
    if (Duration.between(signedAt, now).abs().compareTo(window) > 0) {
      throw new CredentialsExpiredException(
          "The request's PayOnce-Timestamp is more than "
              + window.toMinutes()
              + " minutes from the server's time.");
    }
    if (!app.get().app().active()) {
      throw new DisabledException("This app is disabled.");
    }
    Instant keepUntil = (signedAt.isAfter(now) ? signedAt : now).plus(window);
    if (!nonces.firstUse(request.appId(), request.nonce(), now, keepUntil)) {
      throw new BadCredentialsException("The request's PayOnce-Nonce was used before.");
    }
    return new AppAuthentication(new CallingApp(request.appId()));
  }

  @Override
  public boolean supports(Class<?> authentication) {
    return SignedRequest.class.isAssignableFrom(authentication);
  }
}
