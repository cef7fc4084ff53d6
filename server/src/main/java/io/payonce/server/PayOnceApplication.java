package io.payonce.server;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The PayOnce payment service. */
@SpringBootApplication
public class PayOnceApplication {

  public static void main(String[] args) {
    SpringApplication.run(PayOnceApplication.class, args);
  }
}
