package io.payonce.server.app;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The merchant apps' face: making apps, rotating and revoking their secrets, disabling them, and
 * the secrets a request's signature is checked against. Secrets leave this class in the clear only
 * to the signature check and once to the caller that made them.
 *
 * <p>A read of one statement runs in no transaction of its own (it joins its caller's, if any): the
 * webhook dispatcher reads an app's secret for every claim, and a read-only transaction around one
 * SELECT is three round trips where one does.
 */
@Service
public class Apps {

  /** Active secrets an app may hold at once: the current one and the one being rotated out. */
  static final int MAX_ACTIVE_SECRETS = 2;

  private static final Logger log = LoggerFactory.getLogger(Apps.class);

  private final AppRepository repository;
  private final SecretCipher cipher;
  private final Clock clock;
  private final SecureRandom random = new SecureRandom();

  Apps(AppRepository repository, SecretCipher cipher, Clock clock) {
    this.repository = repository;
    this.cipher = cipher;
    this.clock = clock;
  }

  /** Makes an active app with a fresh identifier and secret. */
  @Transactional
  public AppCredentials create(String name) {
    String appId = "app_" + HexFormat.of().formatHex(bytes(8));
    return create(appId, name, newSecret());
  }

  /** Makes an active app with the given identifier and secret. */
  @Transactional
  public AppCredentials create(String appId, String name, String secret) {
    repository.insert(new MerchantApp(appId, name, AppStatus.ACTIVE, null), null, clock.instant());
    repository.insertSecret(appId, cipher.encrypt(appId, secret), clock.instant());
    return new AppCredentials(appId, secret);
  }

  public Optional<MerchantApp> find(String appId) {
    return repository.find(appId);
  }

  /** Every app, oldest first. */
  public List<MerchantApp> all() {
    return repository.all();
  }

  /**
   * Adds a fresh secret; when two were active, the older is revoked. Callers move to the new one,
   * then {@link #revokeOlderSecrets} ends the rotation.
   */
  @Transactional
  public AppCredentials rotate(String appId) {
    String secret = newSecret();
    addSecret(appId, secret);
    return new AppCredentials(appId, secret);
  }

  /** Makes {@code secret} active unless it is already (rotating out the oldest beyond two). */
  @Transactional
  public void ensureSecret(String appId, String secret) {
    if (secrets(appId).contains(secret)) {
      return;
    }
    addSecret(appId, secret);
  }

  /** Revokes every active secret but the newest. */
  @Transactional
  public void revokeOlderSecrets(String appId) {
    List<AppRepository.StoredSecret> active = repository.activeSecrets(appId);
    active.stream().skip(1).forEach(old -> repository.revoke(old.id(), clock.instant()));
  }

  /** Disables (or enables again) an app; false when there is no such app. */
  @Transactional
  public boolean setStatus(String appId, AppStatus status) {
    return repository.setStatus(appId, status);
  }

  /** Sets where the app's events go and the secret they are signed with; null url for none. */
  @Transactional
  public boolean setWebhook(String appId, String url, String secret) {
    String encrypted = secret == null || secret.isBlank() ? null : cipher.encrypt(appId, secret);
    return repository.setWebhook(appId, url, encrypted);
  }

  /** Whether the app's webhooks are signed with a secret of their own. */
  public boolean hasWebhookSecret(String appId) {
    return repository.webhookSecret(appId).isPresent();
  }

  /** The secret the app's webhooks are signed with, if it has one. */
  public Optional<String> webhookSecret(String appId) {
    return repository.webhookSecret(appId).map(encrypted -> cipher.decrypt(appId, encrypted));
  }

  /**
   * The app and its active API secrets in the clear, newest first, read in one statement outside
   * any transaction: for the signature check, which runs on every signed request.
   */
  public Optional<SigningApp> forSignatureCheck(String appId) {
    return repository
        .findWithActiveSecrets(appId)
        .map(
            found ->
                new SigningApp(
                    found.app(),
                    found.encryptedSecrets().stream()
                        .flatMap(encrypted -> readable(appId, encrypted).stream())
                        .toList()));
  }

  /**
   * A secret that does not open is left out, not thrown: the request is then refused as one signed
   * with a wrong secret would be (no 500, nothing said of the app), a newer secret keeps working —
   * so rotating the secret mends it — and the operator reads why in the log.
   */
  private Optional<String> readable(String appId, String encrypted) {
    try {
      return Optional.of(cipher.decrypt(appId, encrypted));
    } catch (SecretUnreadableException unreadable) {
      log.error(
          "event=secret_unreadable app={} detail=\"an active API secret does not decrypt under the"
              + " master key; rotate the app's secret or restore the key\"",
          appId);
      return Optional.empty();
    }
  }

  /** The app's active API secrets in the clear, newest first: for the signature check only. */
  public List<String> secrets(String appId) {
    return repository.activeSecrets(appId).stream()
        .map(stored -> cipher.decrypt(appId, stored.encrypted()))
        .toList();
  }

  private void addSecret(String appId, String secret) {
    List<AppRepository.StoredSecret> active = repository.activeSecrets(appId);
    active.stream()
        .skip(MAX_ACTIVE_SECRETS - 1L)
        .forEach(old -> repository.revoke(old.id(), clock.instant()));
    repository.insertSecret(appId, cipher.encrypt(appId, secret), clock.instant());
  }

  /** A fresh random secret: 256 bits, Base64url, prefixed {@code pos_}. */
  String newSecret() {
    return "pos_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes(32));
  }

  private byte[] bytes(int n) {
    byte[] out = new byte[n];
    random.nextBytes(out);
    return out;
  }
}
