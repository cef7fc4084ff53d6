package io.payonce.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TCP proxy in front of the server that loses answers: for the first {@code drops} connections it
 * forwards the request, waits until the server has started answering — the request was carried out
 * — and then closes the connection without passing a byte of the answer on. The client sees a
 * broken connection, exactly as when a network fails after the server did the work. Every request
 * header that passed is kept, to read the Idempotency-Keys sent.
 */
final class DroppingProxy implements AutoCloseable {

  private static final Pattern KEY = Pattern.compile("(?im)^Idempotency-Key:\\s*(\\S+)\\s*$");

  private final ServerSocket listener;
  private final int upstreamPort;
  private final AtomicInteger drops;
  private final StringBuffer requests = new StringBuffer();
  private final List<Socket> open = new CopyOnWriteArrayList<>();

  private DroppingProxy(ServerSocket listener, int upstreamPort, int drops) {
    this.listener = listener;
    this.upstreamPort = upstreamPort;
    this.drops = new AtomicInteger(drops);
  }

  static DroppingProxy start(int upstreamPort, int drops) {
    try {
      DroppingProxy proxy =
          new DroppingProxy(
              new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), upstreamPort, drops);
      Thread acceptor = new Thread(proxy::accept, "dropping-proxy");
      acceptor.setDaemon(true);
      acceptor.start();
      return proxy;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String baseUrl() {
    return "http://127.0.0.1:" + listener.getLocalPort();
  }

  /** The Idempotency-Key headers of every request that went through, in order. */
  List<String> idempotencyKeys() {
    Matcher matcher = KEY.matcher(requests.toString());
    List<String> keys = new java.util.ArrayList<>();
    while (matcher.find()) {
      keys.add(matcher.group(1));
    }
    return keys;
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
        open.add(client);
        open.add(server);
        boolean drop = drops.getAndDecrement() > 0;
        daemon(() -> pipe(client, server, true, false));
        daemon(() -> pipe(server, client, false, drop));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void pipe(Socket from, Socket to, boolean record, boolean drop) {
    byte[] buffer = new byte[8192];
    try (InputStream in = from.getInputStream()) {
      OutputStream out = to.getOutputStream();
      int read;
      while ((read = in.read(buffer)) >= 0) {
        if (drop) {
          // The server answered: the request was carried out. The client gets nothing.
          from.close();
          to.close();
          return;
        }
        if (record) {
          requests.append(new String(buffer, 0, read, StandardCharsets.ISO_8859_1));
        }
        out.write(buffer, 0, read);
        out.flush();
      }
      to.shutdownOutput();
    } catch (IOException e) {
      closeQuietly(from);
      closeQuietly(to);
    }
  }

  private static void daemon(Runnable task) {
    Thread thread = new Thread(task, "dropping-proxy-pipe");
    thread.setDaemon(true);
    thread.start();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket socket : open) {
      closeQuietly(socket);
    }
  }
}
