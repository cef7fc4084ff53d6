package io.payonce.sandbox;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/** A merchant's HTTP server on loopback, on a free port, for notify receivers. */
public final class LoopbackServer {

  private LoopbackServer() {}

  /** Serves every path below {@code context} with the handler, concurrently. */
  public static HttpServer start(String context, HttpHandler handler) {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext(context, handler);
      server.setExecutor(Executors.newFixedThreadPool(8));
      server.start();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String url(HttpServer server, String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }
}
