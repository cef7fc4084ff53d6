package io.payonce.server.web;

import io.payonce.server.channel.ChannelCallback;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** The channels' callback endpoints, and how a refusal is answered on each. */
@Component
class ChannelCallbacks {

  private final List<ChannelCallback> callbacks;

  ChannelCallbacks(List<ChannelCallback> callbacks) {
    this.callbacks = List.copyOf(callbacks);
  }

  Optional<ChannelCallback> at(String path) {
    return callbacks.stream().filter(callback -> callback.covers(path)).findFirst();
  }

  /**
   * The callback a request is for, by its decoded path or, for a request refused before it could be
   * routed (its decoded path then says nothing), by its raw one: a failure reply to a request that
   * was no callback costs nothing, a problem document to a channel would be misread.
   */
  Optional<ChannelCallback> of(HttpServletRequest request) {
    return at(RequestPaths.routed(request)).or(() -> at(request.getRequestURI()));
  }

  static void refuse(ChannelCallback callback, HttpServletResponse response, int status)
      throws IOException {
    byte[] body = callback.failureReply().getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.setContentType(callback.replyType().toString());
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }
}
