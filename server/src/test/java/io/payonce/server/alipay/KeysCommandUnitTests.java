package io.payonce.server.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.internal.util.AlipaySignature;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class KeysCommandUnitTests {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void theLauncherFindsTheCommandByItsNameWithoutLinkingToIt() {
    assertThat(io.payonce.server.cli.ServerCommand.invokedBy(new String[] {"keys"}))
        .get()
        .isInstanceOf(KeysServerCommand.class);
    assertThat(io.payonce.server.cli.ServerCommand.invokedBy(new String[] {"--server.port=0"}))
        .isEmpty();
  }

  @Test
  void printsAKeyPairThatTheAlipaySdkSignsAndVerifiesWith() throws Exception {
    Properties printed = run();
    String privateKey = printed.getProperty(KeysCommand.PRIVATE_KEY_PROPERTY);
    String publicKey = printed.getProperty(KeysCommand.SANDBOX_APP_KEY_PROPERTY);
    String content = "app_id=2021000000000001&biz_content={\"out_trade_no\":\"O1\"}";

    String signature = AlipaySignature.rsaSign(content, privateKey, "UTF-8", "RSA2");

    assertThat(printed.stringPropertyNames())
        .containsExactlyInAnyOrder(
            KeysCommand.PRIVATE_KEY_PROPERTY, KeysCommand.SANDBOX_APP_KEY_PROPERTY);
    assertThat(AlipaySignature.rsaCheck(content, signature, publicKey, "UTF-8", "RSA2")).isTrue();
    assertThat(AlipayKeys.fromPrivateKey(privateKey, null).merchantPublicKey())
        .as("the public key the server derives and registers with a sandbox")
        .isEqualTo(publicKey);
  }

  @Test
  void printsEachKeyOnOneLineAndThePublicKeysFingerprint() {
    Properties printed = run();
    String publicKey = printed.getProperty(KeysCommand.SANDBOX_APP_KEY_PROPERTY);
    String text = out.toString(StandardCharsets.UTF_8);

    assertThat(text.lines().filter(line -> !line.startsWith("#"))).hasSize(2);
    assertThat(text)
        .contains("\n# " + AlipayKeys.fingerprint(publicKey, "key") + "\n")
        .contains("Never payonce.alipay.alipay-public-key");
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void printsANewPairEachTime() {
    String first = run().getProperty(KeysCommand.PRIVATE_KEY_PROPERTY);
    out.reset();
    String second = run().getProperty(KeysCommand.PRIVATE_KEY_PROPERTY);

    assertThat(first).isNotEqualTo(second);
  }

  @Test
  void refusesOptionsWithAUsageErrorAndPrintsNoKey() {
    int status = KeysCommand.run(new String[] {"keys", "--size=1024"}, print(out), print(err));

    assertThat(status).isEqualTo(KeysCommand.USAGE);
    assertThat(out.size()).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: keys");
  }

  @Test
  void answersOnlyToItsName() {
    assertThat(KeysCommand.isInvoked(new String[] {"keys"})).isTrue();
    assertThat(KeysCommand.isInvoked(new String[] {"reconcile"})).isFalse();
    assertThat(KeysCommand.isInvoked(new String[] {"--server.port=9"})).isFalse();
    assertThat(KeysCommand.isInvoked(new String[0])).isFalse();
  }

  private Properties run() {
    int status = KeysCommand.run(new String[] {"keys"}, print(out), print(err));
    assertThat(status).isEqualTo(KeysCommand.PRINTED);
    Properties printed = new Properties();
    try {
      printed.load(new StringReader(out.toString(StandardCharsets.UTF_8)));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return printed;
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
