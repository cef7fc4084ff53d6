package io.payonce.sandbox;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Runs the sandbox on its own port, for multi-instance and chaos tests. */
@SpringBootApplication
public class SandboxApplication {

  public static void main(String[] args) {
    SpringApplication app = new SpringApplication(SandboxApplication.class);
    app.setDefaultProperties(
        java.util.Map.of("payonce.sandbox.enabled", "true", "server.port", "8090"));
    app.run(args);
  }
}
