package io.payonce.server.testing;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a database's clients frame what they send, read just far enough for {@link TcpProxy} to see
 * which statements a connection runs and where the client starts waiting for an answer: the
 * PostgreSQL frontend protocol (PgJDBC) and the MySQL client/server protocol (MariaDB Connector/J).
 * Only plaintext can be read: a connection that turns to TLS is passed on unread.
 */
public enum SqlWire {
  /**
   * PostgreSQL's frontend messages: untyped until the startup message, then a type byte and a
   * length. A statement runs from a simple Query ('Q'), or from a Bind ('B') of what a Parse ('P')
   * named — PgJDBC parses a statement once and binds it again by name, and sends COMMIT as an
   * unnamed Parse, Bind, Execute. The client waits after a Sync ('S') or a Query.
   */
  POSTGRES {
    @Override
    Reader reader(InputStream in) {
      return new PostgresReader(in);
    }
  },
  /**
   * MySQL and MariaDB packets: a three-byte length and a sequence number. A command is a packet of
   * sequence 0; COM_QUERY (0x03) carries its statement — MariaDB Connector/J sends COMMIT so, and
   * every statement while it prepares on the client (its default) — and COM_STMT_PREPARE (0x16) its
   * statement, counted as run when prepared. The client waits after every command.
   */
  MYSQL {
    @Override
    Reader reader(InputStream in) {
      return new MySqlReader(in);
    }
  };

  /** The first word of a statement, as far as transactions go. */
  enum Verb {
    BEGIN,
    COMMIT,
    ROLLBACK,
    OTHER;

    static Verb of(String sql) {
      String head = sql.strip();
      String text = head.substring(0, Math.min(head.length(), 32)).toUpperCase(Locale.ROOT);
      if (text.startsWith("ROLLBACK TO") || text.startsWith("ROLLBACK WORK TO")) {
        return OTHER;
      }
      String word = text.split("[\\s;]+", 2)[0];
      return switch (word) {
        case "BEGIN", "START" -> BEGIN;
        case "COMMIT", "END" -> COMMIT;
        case "ROLLBACK", "ABORT" -> ROLLBACK;
        default -> OTHER;
      };
    }
  }

  /**
   * One thing the client sent, whole.
   *
   * @param bytes what goes on to the server, unchanged
   * @param runs the statements it runs (empty for most messages)
   * @param awaitsAnswer whether the client now waits for the server's answer
   */
  record Message(byte[] bytes, List<String> runs, boolean awaitsAnswer) {}

  /** Reads one connection's messages from the client, in order. */
  abstract static class Reader {

    final InputStream in;

    Reader(InputStream in) {
      this.in = in;
    }

    /** The client's next message, or null at the end of its stream. */
    abstract Message next() throws IOException;

    /** Whatever bytes come next, unread, once the connection no longer speaks plaintext. */
    Message opaque() throws IOException {
      byte[] buffer = new byte[16 * 1024];
      int read = in.read(buffer);
      return read < 0 ? null : new Message(java.util.Arrays.copyOf(buffer, read), List.of(), false);
    }

    /** Exactly {@code n} bytes, or EOF mid-message. */
    byte[] exactly(int n) throws IOException {
      byte[] bytes = in.readNBytes(n);
      if (bytes.length < n) {
        throw new EOFException("the client's stream ended inside a message");
      }
      return bytes;
    }
  }

  abstract Reader reader(InputStream in);

  private static final class PostgresReader extends Reader {

    private static final int SSL_REQUEST = 80877103;
    private static final int GSS_REQUEST = 80877104;

    private final Map<String, String> parsed = new HashMap<>();
    private boolean started;
    private boolean plaintext = true;

    PostgresReader(InputStream in) {
      super(in);
    }

    @Override
    Message next() throws IOException {
      if (!plaintext) {
        return opaque();
      }
      return started ? typed() : untyped();
    }

    /** SSLRequest, GSSENCRequest, CancelRequest or StartupMessage: a length and a code. */
    private Message untyped() throws IOException {
      int first = in.read();
      if (first < 0) {
        return null;
      }
      if (first != 0) {
        // No startup-phase message is 16 MB long: this is a TLS (or GSS) handshake.
        plaintext = false;
        return new Message(new byte[] {(byte) first}, List.of(), false);
      }
      byte[] head = exactly(3);
      int length =
          (first << 24) | ((head[0] & 0xFF) << 16) | ((head[1] & 0xFF) << 8) | head[2] & 0xFF;
      byte[] rest = exactly(length - 4);
      int code = int32(rest, 0);
      started = code != SSL_REQUEST && code != GSS_REQUEST;
      return new Message(concat(new byte[] {0}, head, rest), List.of(), true);
    }

    private Message typed() throws IOException {
      int type = in.read();
      if (type < 0) {
        return null;
      }
      byte[] lengthBytes = exactly(4);
      byte[] body = exactly(int32(lengthBytes, 0) - 4);
      byte[] bytes = concat(new byte[] {(byte) type}, lengthBytes, body);
      return switch (type) {
        case 'Q' -> new Message(bytes, List.of(cstring(body, 0)), true);
        case 'P' -> {
          String name = cstring(body, 0);
          parsed.put(name, cstring(body, name.getBytes(StandardCharsets.UTF_8).length + 1));
          yield new Message(bytes, List.of(), false);
        }
        case 'B' -> {
          String portal = cstring(body, 0);
          String statement = cstring(body, portal.getBytes(StandardCharsets.UTF_8).length + 1);
          String sql = parsed.get(statement);
          yield new Message(bytes, sql == null ? List.of() : List.of(sql), false);
        }
        case 'S' -> new Message(bytes, List.of(), true);
        default -> new Message(bytes, List.of(), false);
      };
    }

    private static String cstring(byte[] body, int from) {
      int end = from;
      while (end < body.length && body[end] != 0) {
        end++;
      }
      return new String(body, from, end - from, StandardCharsets.UTF_8);
    }

    private static int int32(byte[] bytes, int at) {
      return ((bytes[at] & 0xFF) << 24)
          | ((bytes[at + 1] & 0xFF) << 16)
          | ((bytes[at + 2] & 0xFF) << 8)
          | bytes[at + 3] & 0xFF;
    }
  }

  private static final class MySqlReader extends Reader {

    private static final int COM_QUERY = 0x03;
    private static final int COM_STMT_PREPARE = 0x16;
    private static final int CLIENT_SSL = 0x0800;
    private static final int SSL_REQUEST_LENGTH = 32;

    private boolean plaintext = true;

    MySqlReader(InputStream in) {
      super(in);
    }

    @Override
    Message next() throws IOException {
      if (!plaintext) {
        return opaque();
      }
      byte[] header = in.readNBytes(4);
      if (header.length == 0) {
        return null;
      }
      if (header.length < 4) {
        throw new EOFException("the client's stream ended inside a packet header");
      }
      int length = (header[0] & 0xFF) | ((header[1] & 0xFF) << 8) | ((header[2] & 0xFF) << 16);
      int sequence = header[3] & 0xFF;
      byte[] payload = exactly(length);
      byte[] bytes = concat(header, payload);
      if (sequence == 1 && length == SSL_REQUEST_LENGTH && (payload[1] & (CLIENT_SSL >> 8)) != 0) {
        // The handshake's SSLRequest: TLS follows.
        plaintext = false;
        return new Message(bytes, List.of(), false);
      }
      if (sequence != 0 || length == 0) {
        // The handshake, or the rest of a packet longer than 16 MB: no command of its own.
        return new Message(bytes, List.of(), false);
      }
      int command = payload[0] & 0xFF;
      if (command == COM_QUERY || command == COM_STMT_PREPARE) {
        String sql = new String(payload, 1, length - 1, StandardCharsets.UTF_8);
        return new Message(bytes, List.of(sql), true);
      }
      return new Message(bytes, List.of(), true);
    }
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
