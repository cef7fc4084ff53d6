package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.SocketException;
import org.apache.catalina.connector.ClientAbortException;
import org.junit.jupiter.api.Test;
import org.springframework.http.converter.HttpMessageNotWritableException;
import tools.jackson.core.exc.JacksonIOException;

/**
 * A client that hangs up while its answer is written — a load driver giving up on a request held
 * through a database failover — is no server failure: Jackson 3 wraps the container's broken pipe
 * in an unchecked exception, Spring in {@code HttpMessageNotWritableException}, and that used to
 * reach the last resort, logged as an unhandled ERROR, counted, and answered 500 to a closed
 * connection. A reset met calling out (a database's or channel's connection) is not a client
 * leaving.
 */
class ClientDisconnectedUnitTests {

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final ApiExceptionHandler handler =
      new ApiExceptionHandler(new UnhandledFailures(meters));

  @Test
  void anAnswerWhoseClientHungUpIsNeitherAnsweredNorCountedAsAFailure() {
    var brokenPipe = new ClientAbortException(new IOException("Broken pipe"));
    var notWritten =
        new HttpMessageNotWritableException(
            "Could not write JSON: Broken pipe", JacksonIOException.construct(brokenPipe));

    assertThat(handler.other(notWritten)).isNull();
    assertThat(handler.other(brokenPipe)).isNull();
    assertThat(meters.find(UnhandledFailures.METER).counters()).isEmpty();
  }

  @Test
  void aResetConnectionMetCallingOutIsStillAnUnhandledFailure() {
    var reset = new IllegalStateException(new SocketException("Connection reset by peer"));

    assertThat(handler.other(reset).getStatusCode().value()).isEqualTo(500);
    assertThat(meters.get(UnhandledFailures.METER).counter().count()).isEqualTo(1);
  }

  @Test
  void anAnswerThatCouldNotBeWrittenForAnotherReasonIsStillA500() {
    var notWritten = new HttpMessageNotWritableException("No converter for [class Foo]");

    assertThat(handler.other(notWritten).getStatusCode().value()).isEqualTo(500);
  }
}
