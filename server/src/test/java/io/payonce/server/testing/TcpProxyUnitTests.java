package io.payonce.server.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The proxy a failure test cuts instead of stopping the machine's Redis or RabbitMQ, and the one in
 * front of a database that loses the answer to a chosen COMMIT. The server here echoes what it
 * receives, and keeps it: an echo is the server's answer, so a client that reads its request back
 * has been answered, and one whose connection breaks instead has not.
 */
class TcpProxyUnitTests {

  private static final byte[] PG_STARTUP = pgStartup();

  private ServerSocket echo;
  private final ByteArrayOutputStream received = new ByteArrayOutputStream();
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

  @Test
  void losesTheAnswerToAPostgresCommitOfTheChosenTransactionOnceTheServerHasIt() throws Exception {
    TcpProxy database = databaseProxy(SqlWire.POSTGRES);
    TcpProxy.LostCommit lost = database.loseCommit(TcpProxy.ran("INSERT INTO payment ("));
    try (Socket client = connect(database)) {
      exchange(client, PG_STARTUP);
      // PgJDBC opens a transaction with an unsynced BEGIN in front of its first statement.
      exchange(
          client,
          concat(
              pgParse("", "BEGIN"),
              pgBind(""),
              pgExecute(),
              pgExtended("", "SELECT 1 FROM orders WHERE id = $1")));
      exchange(client, pgExtended("", "INSERT INTO payment (order_id) VALUES ($1)"));

      byte[] commit = pgExtended("", "COMMIT");
      assertThatThrownBy(() -> exchange(client, commit)).isInstanceOf(IOException.class);
    }
    assertThat(lost.hasFired()).isTrue();
    assertThat(lost.committed())
        .containsExactly(
            "SELECT 1 FROM orders WHERE id = $1", "INSERT INTO payment (order_id) VALUES ($1)");
    assertThat(receivedText()).contains("COMMIT");
  }

  @Test
  void passesTheCommitOfAnyOtherTransactionAndThenLosesTheChosenOne() throws Exception {
    TcpProxy database = databaseProxy(SqlWire.POSTGRES);
    TcpProxy.LostCommit lost = database.loseCommit(TcpProxy.ran("UPDATE payment"));
    try (Socket client = connect(database)) {
      exchange(client, PG_STARTUP);
      exchange(client, pgQuery("BEGIN"));
      exchange(client, pgQuery("INSERT INTO audit_row VALUES (1)"));
      exchange(client, pgQuery("COMMIT"));
      // A transaction rolled back leaves nothing behind for the next one.
      exchange(client, pgQuery("UPDATE payment SET status = 'X'"));
      exchange(client, pgQuery("ROLLBACK"));
      exchange(client, pgQuery("COMMIT"));
      assertThat(lost.hasFired()).isFalse();

      exchange(client, pgQuery("UPDATE payment SET status = 'SUCCESS'"));
      assertThatThrownBy(() -> exchange(client, pgQuery("COMMIT"))).isInstanceOf(IOException.class);
    }
    assertThat(lost.committed()).containsExactly("UPDATE payment SET status = 'SUCCESS'");
  }

  @Test
  void aStatementParsedOnceIsCountedInEveryTransactionThatBindsItByName() throws Exception {
    TcpProxy database = databaseProxy(SqlWire.POSTGRES);
    TcpProxy.LostCommit lost = database.loseCommit(2, TcpProxy.ran("INSERT INTO payment ("));
    String insert = "INSERT INTO payment (order_id) VALUES ($1)";
    try (Socket client = connect(database)) {
      exchange(client, PG_STARTUP);
      exchange(client, concat(pgParse("S_1", insert), pgBind("S_1"), pgExecute(), pgSync()));
      exchange(client, pgExtended("", "COMMIT"));
      assertThat(lost.hasFired()).isFalse();

      exchange(client, concat(pgBind("S_1"), pgExecute(), pgSync()));
      assertThatThrownBy(() -> exchange(client, pgExtended("", "COMMIT")))
          .isInstanceOf(IOException.class);
    }
    assertThat(lost.committed()).containsExactly(insert);
  }

  @Test
  void readsMessagesHoweverTheClientsBytesArriveInPieces() throws Exception {
    TcpProxy database = databaseProxy(SqlWire.POSTGRES);
    TcpProxy.LostCommit lost = database.loseCommit(TcpProxy.ran("INSERT INTO payment ("));
    try (Socket client = connect(database)) {
      exchange(client, PG_STARTUP);
      byte[] transaction =
          concat(
              pgExtended("", "INSERT INTO payment (order_id) VALUES ($1)"),
              pgExtended("", "COMMIT"));
      OutputStream out = client.getOutputStream();
      for (byte b : transaction) {
        out.write(b);
        out.flush();
      }
      assertThatThrownBy(() -> readFully(client, transaction.length))
          .isInstanceOf(IOException.class);
    }
    assertThat(lost.awaitFired(Duration.ofSeconds(5))).isTrue();
  }

  @Test
  void losesTheAnswerToAMariaDbCommitOfTheChosenTransaction() throws Exception {
    TcpProxy database = databaseProxy(SqlWire.MYSQL);
    TcpProxy.LostCommit lost = database.loseCommit(TcpProxy.ran("INSERT INTO orders ("));
    try (Socket client = connect(database)) {
      // The handshake's answer (sequence 1): no command, whatever its bytes say.
      byte[] handshake = new byte[40];
      handshake[4] = 0x03;
      exchange(client, mysqlPacket(1, handshake));
      exchange(client, mysqlQuery("set autocommit=0"));
      exchange(client, mysqlQuery("INSERT INTO orders (order_no) VALUES ('o-1')"));

      assertThatThrownBy(() -> exchange(client, mysqlQuery("COMMIT")))
          .isInstanceOf(IOException.class);
    }
    assertThat(lost.committed())
        .containsExactly("set autocommit=0", "INSERT INTO orders (order_no) VALUES ('o-1')");
    assertThat(receivedText()).contains("COMMIT");
  }

  @Test
  void aDisarmedFaultLetsEveryCommitThrough() throws Exception {
    TcpProxy database = databaseProxy(SqlWire.MYSQL);
    TcpProxy.LostCommit lost = database.loseCommit(statements -> true);
    database.disarm();
    try (Socket client = connect(database)) {
      exchange(client, mysqlQuery("INSERT INTO orders (order_no) VALUES ('o-2')"));
      exchange(client, mysqlQuery("COMMIT"));
    }
    assertThat(lost.hasFired()).isFalse();
  }

  @Test
  void aProxyThatReadsNoStatementsLosesNoCommit() {
    assertThatThrownBy(() -> proxy.loseCommit(statements -> true))
        .isInstanceOf(IllegalStateException.class);
  }

  private TcpProxy databaseProxy(SqlWire wire) {
    return TcpProxy.startDatabase("database", "127.0.0.1", echo.getLocalPort(), wire);
  }

  private Socket connect() throws IOException {
    return connect(proxy);
  }

  private static Socket connect(TcpProxy through) throws IOException {
    Socket socket = new Socket("127.0.0.1", through.port());
    socket.setSoTimeout(5000);
    return socket;
  }

  private String receivedText() {
    synchronized (received) {
      return received.toString(StandardCharsets.ISO_8859_1);
    }
  }

  /** Sends a word and reads the echo; an IOException (or end of stream) when the line is dead. */
  private static String roundTrip(Socket socket, String word) throws IOException {
    return new String(
        exchange(socket, word.getBytes(StandardCharsets.US_ASCII)), StandardCharsets.US_ASCII);
  }

  /** Sends a request and reads the server's answer (its echo) whole. */
  private static byte[] exchange(Socket socket, byte[] request) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(request);
    out.flush();
    return readFully(socket, request.length);
  }

  private static byte[] readFully(Socket socket, int length) throws IOException {
    byte[] reply = new byte[length];
    InputStream in = socket.getInputStream();
    int read = 0;
    while (read < reply.length) {
      int n = in.read(reply, read, reply.length - read);
      if (n < 0) {
        throw new IOException("connection closed");
      }
      read += n;
    }
    return reply;
  }

  private static byte[] pgStartup() {
    byte[] parameters = "user\0payonce\0\0".getBytes(StandardCharsets.US_ASCII);
    return ByteBuffer.allocate(8 + parameters.length)
        .putInt(8 + parameters.length)
        .putInt(196608)
        .put(parameters)
        .array();
  }

  /** A statement as PgJDBC runs it: Parse, Bind, Execute, Sync. */
  private static byte[] pgExtended(String name, String sql) {
    return concat(pgParse(name, sql), pgBind(name), pgExecute(), pgSync());
  }

  private static byte[] pgParse(String name, String sql) {
    return pgMessage('P', cstrings(name, sql), new byte[2]);
  }

  private static byte[] pgBind(String statement) {
    return pgMessage('B', cstrings("", statement), new byte[6]);
  }

  private static byte[] pgExecute() {
    return pgMessage('E', cstrings(""), new byte[4]);
  }

  private static byte[] pgSync() {
    return pgMessage('S');
  }

  private static byte[] pgQuery(String sql) {
    return pgMessage('Q', cstrings(sql));
  }

  private static byte[] pgMessage(char type, byte[]... body) {
    byte[] content = concat(body);
    return ByteBuffer.allocate(5 + content.length)
        .put((byte) type)
        .putInt(4 + content.length)
        .put(content)
        .array();
  }

  private static byte[] mysqlQuery(String sql) {
    return mysqlPacket(0, concat(new byte[] {0x03}, sql.getBytes(StandardCharsets.UTF_8)));
  }

  private static byte[] mysqlPacket(int sequence, byte[] payload) {
    int length = payload.length;
    byte[] header = {(byte) length, (byte) (length >> 8), (byte) (length >> 16), (byte) sequence};
    return concat(header, payload);
  }

  private static byte[] cstrings(String... values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String value : values) {
      out.writeBytes(value.getBytes(StandardCharsets.UTF_8));
      out.write(0);
    }
    return out.toByteArray();
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }

  private void echoEveryConnection() {
    while (!echo.isClosed()) {
      try {
        Socket socket = echo.accept();
        Thread pump =
            new Thread(
                () -> {
                  try (socket) {
                    InputStream in = socket.getInputStream();
                    OutputStream out = socket.getOutputStream();
                    byte[] buffer = new byte[4096];
                    for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                      synchronized (received) {
                        received.write(buffer, 0, n);
                      }
                      out.write(buffer, 0, n);
                      out.flush();
                    }
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
