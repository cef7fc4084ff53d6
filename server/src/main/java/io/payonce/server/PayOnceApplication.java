package io.payonce.server;

import io.payonce.server.chaos.ChaosProperties;
import io.payonce.server.chaos.SkewedClock;
import io.payonce.server.cli.ServerCommand;
import io.payonce.server.db.DatabaseStartup;
import io.payonce.server.payment.Sleeper;
import io.payonce.server.reconcile.ReconcileCommand;
import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The PayOnce payment service. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class PayOnceApplication {

  public static void main(String[] args) {
    java.util.Optional<ServerCommand> command = ServerCommand.invokedBy(args);
    if (command.isPresent()) {
      System.exit(command.get().run(args, System.out, System.err));
    }
    if (ReconcileCommand.isInvoked(args)) {
      System.exit(ReconcileCommand.run(args, PayOnceApplication.class));
    }
    // A failover while this instance starts: start again instead of exiting (DatabaseStartup).
    DatabaseStartup.start(new SpringApplication(PayOnceApplication.class), args);
  }

  /**
   * The one source of "now"; tests replace it to move time instead of sleeping, the chaos harness
   * skews it ({@code payonce.chaos.clock-skew}, inert unless set).
   */
  @Bean
  Clock clock(ChaosProperties chaos) {
    return SkewedClock.of(Clock.systemUTC(), chaos);
  }

  /** The one way to wait between polls; tests replace it to move their clock instead. */
  @Bean
  Sleeper sleeper() {
    return Sleeper.parking();
  }
}
