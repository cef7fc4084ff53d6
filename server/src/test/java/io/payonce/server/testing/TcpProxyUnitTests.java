package io.payonce.server.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy a failure test cuts instead of stopping the machine's Redis or RabbitMQ. */
class TcpProxyUnitTests {

  private ServerSocket echo;
  private TcpProxy proxy;

  @BeforeEach
  void startAnEchoServerBehindAProxy() throws IOException {
    echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread server = new Thread(this::echoEveryConnection, "echo");
    server.setDaemon(true);
    server.start();
    proxy = TcpProxy.start("echo", "127.0.0.1", echo.getLocalPort());
  }

  @AfterEach
  void stopTheEchoServer() throws IOException {
    echo.close();
  }

  @Test
  void forwardsBothWays() throws IOException {
    try (Socket client = connect()) {
      assertThat(roundTrip(client, "PING")).isEqualTo("PING");
    }
  }

  @Test
  void cutItResetsOpenConnectionsAndNewOnesAndRestoredItForwardsAgain() throws IOException {
    try (Socket before = connect()) {
      assertThat(roundTrip(before, "one")).isEqualTo("one");

      proxy.cut();

      assertThatThrownBy(() -> roundTrip(before, "two")).isInstanceOf(IOException.class);
    }
    try (Socket during = connect()) {
      assertThatThrownBy(() -> roundTrip(during, "three")).isInstanceOf(IOException.class);
    }
    proxy.restore();
    try (Socket after = connect()) {
      assertThat(roundTrip(after, "four")).isEqualTo("four");
    }
  }

  private Socket connect() throws IOException {
    Socket socket = new Socket("127.0.0.1", proxy.port());
    socket.setSoTimeout(5000);
    return socket;
  }

  /** Sends a word and reads the echo; an IOException (or end of stream) when the line is dead. */
  private static String roundTrip(Socket socket, String word) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(word.getBytes(StandardCharsets.US_ASCII));
    out.flush();
    byte[] reply = new byte[word.length()];
    InputStream in = socket.getInputStream();
    int read = 0;
    while (read < reply.length) {
      int n = in.read(reply, read, reply.length - read);
      if (n < 0) {
        throw new IOException("connection closed");
      }
      read += n;
    }
    return new String(reply, StandardCharsets.US_ASCII);
  }

  private void echoEveryConnection() {
    while (!echo.isClosed()) {
      try {
        Socket socket = echo.accept();
        Thread pump =
            new Thread(
                () -> {
                  try (socket) {
                    socket.getInputStream().transferTo(socket.getOutputStream());
                  } catch (IOException e) {
                    // The proxy reset it.
                  }
                });
        pump.setDaemon(true);
        pump.start();
      } catch (IOException e) {
        return;
      }
    }
  }
}
