package io.payonce.sandbox;

import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/**
 * Runs the sandbox on its own port, for multi-instance and chaos tests.
 *
 * <p>Deliberately no component scan: every sandbox bean comes from {@link
 * SandboxAutoConfiguration}, exactly as when the sandbox is embedded, so nothing registers twice.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class SandboxApplication {

  public static void main(String[] args) {
    SpringApplication app = new SpringApplication(SandboxApplication.class);
    app.setDefaultProperties(Map.of("payonce.sandbox.enabled", "true", "server.port", "8090"));
    app.run(args);
  }
}
