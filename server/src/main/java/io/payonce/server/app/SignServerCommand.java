package io.payonce.server.app;

import io.payonce.server.cli.ServerCommand;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;

/**
 * {@code sign METHOD URL [BODY]}: prints the four {@code PayOnce-*} headers of a request signed now
 * with the app in {@code PAYONCE_APP_ID} / {@code PAYONCE_APP_SECRET}, as curl {@code -H}
 * arguments, so that a merchant can try the API from a shell (README.md). The secret is read from
 * the environment, never from the command line, where other users could see it.
 */
public final class SignServerCommand implements ServerCommand {

  static final String NAME = "sign";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) {
    String appId = System.getenv("PAYONCE_APP_ID");
    String secret = System.getenv("PAYONCE_APP_SECRET");
    if (args.length < 3 || args.length > 4 || appId == null || secret == null) {
      err.println(
          "usage: PAYONCE_APP_ID=... PAYONCE_APP_SECRET=... java -jar payonce-server-exec.jar"
              + " sign METHOD URL [BODY]");
      return 2;
    }
    URI uri = URI.create(args[2]);
    byte[] body = args.length == 4 ? args[3].getBytes(StandardCharsets.UTF_8) : new byte[0];
    long timestamp = Instant.now().getEpochSecond();
    byte[] random = new byte[16];
    new SecureRandom().nextBytes(random);
    String nonce = HexFormat.of().formatHex(random);
    String canonical =
        RequestSignatures.canonical(
            appId, args[1], uri.getRawPath(), uri.getRawQuery(), timestamp, nonce, body);
    out.println(
        String.join(
            " ",
            header(RequestSignatures.APP_ID, appId),
            header(RequestSignatures.TIMESTAMP, Long.toString(timestamp)),
            header(RequestSignatures.NONCE, nonce),
            header(RequestSignatures.SIGNATURE, RequestSignatures.sign(secret, canonical))));
    return 0;
  }

  private static String header(String name, String value) {
    return "-H '" + name + ": " + value + "'";
  }
}
