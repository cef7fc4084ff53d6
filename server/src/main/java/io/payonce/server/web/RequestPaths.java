package io.payonce.server.web;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The path a request is routed by. A client may percent-encode any character of a path ({@code
 * /%70ay/query} is {@code /pay/query} to the controllers), so every decision about a request —
 * which security chain, which endpoint is idempotent or rate limited, which channel's callback —
 * must be taken on the path as the container decoded and normalized it, never on the raw URI. The
 * raw URI is for one thing only: what the client signed.
 */
public final class RequestPaths {

  private RequestPaths() {}

  /** The decoded, normalized path within the application (servlet path and path info). */
  public static String routed(HttpServletRequest request) {
    String servletPath = request.getServletPath();
    String pathInfo = request.getPathInfo();
    return pathInfo == null ? servletPath : servletPath + pathInfo;
  }
}
