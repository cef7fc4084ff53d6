package io.payonce.sandbox;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.client.RestClient;

/** A standalone sandbox a test starts and stops itself, e.g. to restart it on the same data. */
public final class StandaloneSandbox {

  private StandaloneSandbox() {}

  /** A sandbox on a free port that keeps its state in {@code dataDir}. */
  public static ConfigurableApplicationContext startPersistent(
      Path dataDir, String... moreProperties) {
    List<String> properties =
        new ArrayList<>(
            List.of(
                "payonce.sandbox.enabled=true",
                "server.port=0",
                "payonce.sandbox.persistence=true",
                "payonce.sandbox.data-dir=" + dataDir));
    properties.addAll(List.of(moreProperties));
    return new SpringApplicationBuilder(SandboxApplication.class)
        .properties(properties.toArray(String[]::new))
        .run();
  }

  public static int port(ConfigurableApplicationContext context) {
    return ((WebServerApplicationContext) context).getWebServer().getPort();
  }

  public static RestClient http(ConfigurableApplicationContext context) {
    return RestClient.create("http://127.0.0.1:" + port(context));
  }
}
