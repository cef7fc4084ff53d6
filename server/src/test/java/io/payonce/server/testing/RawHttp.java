package io.payonce.server.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Sends requests byte for byte over a plain socket, so that what no well-behaved client would send
 * (a broken {@code %} escape, a multipart type without boundary, a lying Content-Length) really
 * reaches Tomcat. One connection per request, {@code Connection: close}.
 */
public final class RawHttp {

  private static final int TIMEOUT_MILLIS = 15_000;

  private final int port;

  public RawHttp(int port) {
    this.port = port;
  }

  /** An answer as read off the wire; status 0 when the server closed without answering. */
  public record Answer(int status, Map<String, String> headers, String body) {

    public String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    public String contentType() {
      String type = header("Content-Type");
      return type == null ? "" : type;
    }

    public boolean isProblem() {
      return contentType().startsWith("application/problem+json");
    }
  }

  /** One request line, header lines and a body; Host and Connection are added. */
  public record Request(String method, String target, List<String> headers, byte[] body) {

    public static Request of(String method, String target, List<String> headers, String body) {
      return new Request(
          method, target, headers, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    /** The bytes as sent; a body gets a Content-Length unless a header says how long it is. */
    public byte[] bytes(int port) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      StringBuilder head = new StringBuilder();
      head.append(method).append(' ').append(target).append(" HTTP/1.1\r\n");
      head.append("Host: 127.0.0.1:").append(port).append("\r\n");
      boolean framed = false;
      for (String header : headers) {
        head.append(header).append("\r\n");
        String name = header.toLowerCase(Locale.ROOT);
        framed |= name.startsWith("content-length:") || name.startsWith("transfer-encoding:");
      }
      if (body != null && !framed) {
        head.append("Content-Length: ").append(body.length).append("\r\n");
      }
      head.append("Connection: close\r\n\r\n");
      out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
      if (body != null) {
        out.writeBytes(body);
      }
      return out.toByteArray();
    }
  }

  public Answer send(Request request) {
    return send(signed(request).bytes(port));
  }

  /**
   * The request signed as the test app (testing.TestApps) when it goes to the merchant API and
   * carries no signature header of its own; a chunked body is signed as the server reads it.
   */
  public static Request signed(Request request) {
    String target = request.target();
    boolean own =
        request.headers().stream()
            .anyMatch(header -> header.toLowerCase(Locale.ROOT).startsWith("payonce-"));
    if (own || !target.startsWith("/")) {
      return request;
    }
    URI uri;
    try {
      uri = URI.create("http://127.0.0.1" + target);
    } catch (IllegalArgumentException e) {
      return request;
    }
    if (uri.getRawPath() == null || !TestApps.isApi(uri.getRawPath())) {
      return request;
    }
    byte[] body = request.body() == null ? new byte[0] : request.body();
    boolean chunked =
        request.headers().stream()
            .anyMatch(
                header ->
                    header
                        .toLowerCase(Locale.ROOT)
                        .replace(" ", "")
                        .equals("transfer-encoding:chunked"));
    if (chunked) {
      try {
        body = dechunk(body);
      } catch (RuntimeException broken) {
        // A broken chunking is refused before any signature is checked.
      }
    }
    List<String> headers = new java.util.ArrayList<>(request.headers());
    TestApps.headers(request.method(), uri, body)
        .forEach((name, value) -> headers.add(name + ": " + value));
    return new Request(request.method(), target, headers, request.body());
  }

  public Answer send(String method, String target, List<String> headers, String body) {
    return send(Request.of(method, target, headers, body));
  }

  /** Sends raw bytes and reads the answer until the server closes the connection. */
  public Answer send(byte[] raw) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MILLIS);
      socket.setSoTimeout(TIMEOUT_MILLIS);
      OutputStream out = socket.getOutputStream();
      try {
        out.write(raw);
        out.flush();
        socket.shutdownOutput();
      } catch (IOException refusedMidway) {
        // The server may answer (413, 400) and close before it has read everything we send.
      }
      return parse(readAll(socket.getInputStream()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    try {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        all.write(buffer, 0, n);
      }
    } catch (SocketTimeoutException | java.net.SocketException e) {
      // Whatever arrived before a reset or a timeout is the answer.
    }
    return all.toByteArray();
  }

  private static Answer parse(byte[] raw) {
    String text = new String(raw, StandardCharsets.ISO_8859_1);
    // Interim answers (100 Continue to an Expect header) come before the final one.
    while (text.startsWith("HTTP/1.1 1") && text.indexOf("\r\n\r\n") > 0) {
      int interimEnd = text.indexOf("\r\n\r\n") + 4;
      raw = java.util.Arrays.copyOfRange(raw, interimEnd, raw.length);
      text = text.substring(interimEnd);
    }
    int end = text.indexOf("\r\n\r\n");
    if (!text.startsWith("HTTP/1.1 ") || end < 0) {
      // Nothing at all, or an HTTP/0.9 answer: a body without status line.
      return new Answer(0, Map.of(), text);
    }
    String[] lines = text.substring(0, end).split("\r\n");
    int status = Integer.parseInt(lines[0].substring(9, 12));
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(
            lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
            lines[i].substring(colon + 1).trim());
      }
    }
    byte[] body = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
    if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      body = dechunk(body);
    }
    return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
  }

  private static byte[] dechunk(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int at = 0;
    while (at < body.length) {
      int lineEnd = indexOfCrlf(body, at);
      if (lineEnd < 0) {
        break;
      }
      String sizeLine = new String(body, at, lineEnd - at, StandardCharsets.ISO_8859_1);
      int semicolon = sizeLine.indexOf(';');
      int size =
          Integer.parseInt(
              (semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
      if (size == 0) {
        break;
      }
      int start = lineEnd + 2;
      out.write(body, start, Math.min(size, body.length - start));
      at = start + size + 2;
    }
    return out.toByteArray();
  }

  private static int indexOfCrlf(byte[] bytes, int from) {
    for (int i = from; i < bytes.length - 1; i++) {
      if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
        return i;
      }
    }
    return -1;
  }
}
