package io.payonce.server.testing;

import io.payonce.sandbox.SandboxApplication;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A standalone sandbox in this JVM — its own application and port, as {@code java -jar
 * payonce-sandbox-exec.jar} runs it — for tests of several server instances and of the operations
 * recipe.
 */
public final class LocalSandbox implements AutoCloseable {

  private final ConfigurableApplicationContext context;

  private LocalSandbox(ConfigurableApplicationContext context) {
    this.context = context;
  }

  /** Starts one on a free port, keeping its data under {@code dataDir}, with extra arguments. */
  public static LocalSandbox start(Path dataDir, String... arguments) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--server.port=0",
                "--payonce.sandbox.enabled=true",
                // The sandbox keeps no database; the server's Flyway on this classpath is not its.
                "--spring.flyway.enabled=false",
                // Nor is the server's Spring Security: the standalone sandbox has no login.
                "--spring.autoconfigure.exclude="
                    + "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration,"
                    + "org.springframework.boot.security.autoconfigure"
                    + ".UserDetailsServiceAutoConfiguration,"
                    + "org.springframework.boot.security.autoconfigure.web.servlet"
                    + ".ServletWebSecurityAutoConfiguration,"
                    + "org.springframework.boot.security.autoconfigure.web.servlet"
                    + ".SecurityFilterAutoConfiguration,"
                    + "org.springframework.boot.security.autoconfigure.actuate.web.servlet"
                    + ".ManagementWebSecurityAutoConfiguration",
                "--payonce.sandbox.data-dir=" + dataDir,
                "--payonce.sandbox.alipay.notify.time-scale=0.00001",
                "--payonce.sandbox.wechat.notify.time-scale=0.00001",
                "--logging.level.root=WARN"));
    args.addAll(List.of(arguments));
    return new LocalSandbox(
        new SpringApplicationBuilder(SandboxApplication.class).run(args.toArray(String[]::new)));
  }

  public int port() {
    return ((WebServerApplicationContext) context).getWebServer().getPort();
  }

  public String base() {
    return "http://127.0.0.1:" + port();
  }

  @Override
  public void close() {
    context.close();
  }

  /** A port nothing listens on now, for a server that must know its port before it starts. */
  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
