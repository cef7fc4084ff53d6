package io.payonce.chaos.cluster;

import java.nio.file.Path;

/**
 * What to start.
 *
 * @param seed the run's seed: crash-point draws and clock skews derive from it
 * @param skewClocks give each instance a seeded clock skew of at most {@link Timings#maxSkew}
 * @param redisPort the loopback port the instances reach Redis on (the run's proxy, see {@link
 *     Services})
 * @param rabbitMqPort the loopback port the instances reach RabbitMQ on (likewise)
 * @param crashRate the probability with which each crash point fires; 0 arms none
 * @param stallRate the probability with which after-init-commit and after-channel-answer stall a
 *     request for a leader kill under it; 0 arms none
 * @param webhookUrl where the instances' embedded sink posts events (null with RabbitMQ)
 * @param webhookSecret its signing secret
 */
public record ClusterSpec(
    long seed,
    Database db,
    int instances,
    String heap,
    Path serverJar,
    Path sandboxJar,
    Path workDir,
    boolean redis,
    boolean rabbitmq,
    int redisPort,
    int rabbitMqPort,
    boolean skewClocks,
    double crashRate,
    double stallRate,
    String webhookUrl,
    String webhookSecret,
    Timings timings) {

  /** The crash points the server offers (see the server's CrashPoints). */
  public static final String[] CRASH_POINTS = {
    "after-init-commit",
    "after-channel-answer",
    "after-success-commit",
    "relay-after-confirm",
    "webhook-after-post"
  };

  @Override
  public String toString() {
    return "ClusterSpec[db=" + db + ", instances=" + instances + ", webhookSecret=<hidden>]";
  }
}
