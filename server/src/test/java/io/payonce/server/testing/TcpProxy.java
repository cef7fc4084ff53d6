package io.payonce.server.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A TCP proxy on a loopback port of its own, in front of a server the machine shares (Redis,
 * RabbitMQ): a test that needs that server down {@link #cut cuts} the proxy instead of stopping the
 * server, so the other forks of the build, other builds and other people keep theirs. Cut, it
 * resets every open connection and every new one, as a stopped server would leave its clients.
 */
public final class TcpProxy {

  private static final int CONNECT_TIMEOUT_MILLIS = 2000;

  private final String name;
  private final String targetHost;
  private final int targetPort;
  private final ServerSocket listener;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final ExecutorService pumps;
  private volatile boolean cut;

  private TcpProxy(String name, String targetHost, int targetPort) throws IOException {
    this.name = name;
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.pumps =
        Executors.newCachedThreadPool(
            r -> {
              Thread thread = new Thread(r, "tcp-proxy-" + name);
              thread.setDaemon(true);
              return thread;
            });
    pumps.execute(this::acceptLoop);
  }

  /** A proxy to {@code host:port}, listening until the JVM ends. */
  public static TcpProxy start(String name, String host, int port) {
    try {
      return new TcpProxy(name, host, port);
    } catch (IOException e) {
      throw new IllegalStateException("cannot open a proxy port for " + name, e);
    }
  }

  /** The loopback port clients connect to. */
  public int port() {
    return listener.getLocalPort();
  }

  /** From now on the server looks down: open connections are reset, new ones too. */
  public void cut() {
    cut = true;
    open.forEach(TcpProxy::reset);
  }

  /** The server answers again through the proxy. */
  public void restore() {
    cut = false;
  }

  public boolean isCut() {
    return cut;
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        return;
      }
      if (cut) {
        reset(client);
        continue;
      }
      pumps.execute(() -> connect(client));
    }
  }

  private void connect(Socket client) {
    Socket server = new Socket();
    try {
      server.connect(new InetSocketAddress(targetHost, targetPort), CONNECT_TIMEOUT_MILLIS);
    } catch (IOException e) {
      reset(client);
      closeQuietly(server);
      return;
    }
    open.add(client);
    open.add(server);
    if (cut) {
      reset(client);
      reset(server);
      return;
    }
    pumps.execute(() -> pump(client, server));
    pump(server, client);
  }

  private void pump(Socket from, Socket to) {
    byte[] buffer = new byte[16 * 1024];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
        out.write(buffer, 0, read);
        out.flush();
      }
    } catch (IOException e) {
      // One side went away (or the proxy was cut): close both.
    } finally {
      open.remove(from);
      open.remove(to);
      reset(from);
      reset(to);
    }
  }

  /** Closes with a reset (no lingering), the way a dead server's port answers. */
  private static void reset(Socket socket) {
    try {
      socket.setSoLinger(true, 0);
    } catch (IOException e) {
      // Already closed.
    }
    closeQuietly(socket);
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Nothing to do.
    }
  }

  @Override
  public String toString() {
    return "TcpProxy[" + name + " :" + port() + " -> " + targetHost + ":" + targetPort + "]";
  }
}
