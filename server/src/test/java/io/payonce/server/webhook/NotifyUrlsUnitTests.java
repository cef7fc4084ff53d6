package io.payonce.server.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NotifyUrlsUnitTests {

  private final NotifyUrls refusingPrivate = new NotifyUrls(true);
  private final NotifyUrls open = new NotifyUrls(false);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://127.0.0.1:8080/notify",
        "http://10.1.2.3/notify",
        "http://172.16.0.1/notify",
        "http://192.168.1.1/notify",
        "http://[::1]/notify",
        "http://[fd00::1]/notify",
        "http://localhost/notify"
      })
  void privateAndLoopbackDestinationsAreRefusedWhenConfigured(String url) {
    assertThat(refusingPrivate.problem(url)).isPresent();
    assertThat(open.problem(url)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
        "http://169.254.170.2/v2/credentials",
        "http://[fe80::1]/notify",
        "http://0.0.0.0/notify",
        "http://[::]/notify",
        "http://224.0.0.1/notify",
        "http://2852039166/latest/meta-data",
        "http://169.254.43518/latest/meta-data",
        "http://100.100.100.200/latest/meta-data",
        "http://[fd00:ec2::254]/latest/meta-data",
        "http://[::ffff:169.254.169.254]/latest/meta-data",
        "http://[::169.254.169.254]/latest/meta-data",
        "http://[64:ff9b::169.254.169.254]/latest/meta-data"
      })
  void linkLocalWildcardMulticastAndMetadataDestinationsAreAlwaysRefused(String url) {
    assertThat(open.problem(url)).isPresent();
    assertThat(open.problemBeforePost(url)).isPresent();
    assertThat(refusingPrivate.problem(url)).isPresent();
  }

  @Test
  void aPrivateAddressInsideAnIpv6OneIsRefusedWhenConfigured() {
    String url = "http://[64:ff9b::10.0.0.1]/notify";

    assertThat(refusingPrivate.problem(url)).isPresent();
    assertThat(open.problem(url)).isEmpty();
  }

  @Test
  void aLoopbackNameIsRefusedOnTheOrdersPathAndBeforeEachPostWhenConfigured() {
    String url = "http://localhost:8080/notify";

    assertThat(open.problem(url)).isEmpty();
    assertThat(open.problemBeforePost(url)).isEmpty();
    assertThat(refusingPrivate.problem(url)).isPresent();
    assertThat(refusingPrivate.problemBeforePost(url)).isPresent();
  }

  @Test
  void aNameThatDoesNotResolveIsLeftToTheAttemptUnlessPrivateOnesAreRefused() {
    String url = "http://payonce-receiver.invalid/notify";

    assertThat(open.problem(url)).isEmpty();
    assertThat(open.problemBeforePost(url)).isEmpty();
    assertThat(refusingPrivate.problem(url)).isPresent();
  }

  @ParameterizedTest
  @ValueSource(strings = {"https://93.184.216.34/notify", "http://8.8.8.8:8080/hook?x=1"})
  void publicAddressesAreAccepted(String url) {
    assertThat(refusingPrivate.problem(url)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"ftp://example.com/x", "file:///etc/passwd", "gopher://example.com", "//host/x"})
  void onlyHttpAndHttpsAreDestinations(String url) {
    assertThat(open.problem(url)).isPresent();
  }
}
