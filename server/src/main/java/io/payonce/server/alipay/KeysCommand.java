package io.payonce.server.alipay;

import java.io.PrintStream;
import java.security.KeyPair;
import java.util.Base64;

/**
 * {@code java -jar payonce-server-exec.jar keys}: prints a fresh RSA-2048 merchant key pair for
 * Alipay, as properties labelled with where each half goes, and the public key's fingerprint.
 * Spring does not start and nothing is saved: the output is the only copy of the private key.
 *
 * <p>Exit status: 0 printed, 2 a usage error.
 */
public final class KeysCommand {

  public static final String NAME = "keys";
  static final String PRIVATE_KEY_PROPERTY = "payonce.alipay.private-key";
  static final String SANDBOX_APP_KEY_PROPERTY = "payonce.sandbox.alipay.apps[0].public-key";
  static final int PRINTED = 0;
  static final int USAGE = 2;

  private KeysCommand() {}

  /** Whether the command line asks for this command rather than the server. */
  public static boolean isInvoked(String[] args) {
    return args.length > 0 && NAME.equals(args[0]);
  }

  /** Prints the key pair on {@code out}; returns the process exit status. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length > 1) {
      err.println("keys takes no options");
      err.println("usage: keys");
      return USAGE;
    }
    KeyPair pair = io.payonce.server.channel.RsaKeyMaterial.rsa2048();
    Base64.Encoder base64 = Base64.getEncoder();
    String privateKey = base64.encodeToString(pair.getPrivate().getEncoded());
    String publicKey = base64.encodeToString(pair.getPublic().getEncoded());
    out.printf(
        """
        # Alipay merchant key pair, RSA-2048, Base64 without PEM armour. Nothing was saved.
        # Private key (PKCS#8): the same on every instance of the server. A secret: keep it out of
        # logs, tickets and version control.
        %s=%s
        # Public key (X.509): the app's public key, uploaded to Alipay (open platform, the app's
        # signing settings), or given to the sandbox with this property or POST /sandbox/alipay/apps
        # {"appId","publicKey"}. Never payonce.alipay.alipay-public-key: that is Alipay's own key.
        %s=%s
        # Public key fingerprint (SHA-256 of the X.509 bytes, first 16 hex digits), as the sandbox
        # logs it on registration (sandbox_app_registered ... public_key_fingerprint=):
        # %s
        """,
        PRIVATE_KEY_PROPERTY,
        privateKey,
        SANDBOX_APP_KEY_PROPERTY,
        publicKey,
        AlipayKeys.fingerprint(publicKey, "the generated public key"));
    return PRINTED;
  }
}
