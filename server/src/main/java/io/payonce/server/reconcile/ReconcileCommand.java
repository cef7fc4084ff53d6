package io.payonce.server.reconcile;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelConfigKey;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code java -jar payonce-server-exec.jar reconcile --channel alipay [--channel-config cc_…]
 * --date 2026-11-28 --file bill.zip}: reconciles a bill file given by hand, read by that channel's
 * bill adapter, as the bill of the account {@code --channel-config} names (an app's own
 * configuration; absent: the bootstrap one, as the API's {@code channelConfig}), against the
 * configured database, with a progress bar, and exits. The web server, the sandbox and the
 * schedules do not start in this mode.
 *
 * <p>Exit status: 0 completed with no open anomaly, 3 completed with anomalies, 1 failed (or the
 * day is being run by a server right now), 2 a usage error (a channel this instance reads no bills
 * of, or a configuration the channel does not have, among them).
 */
public final class ReconcileCommand {

  public static final String NAME = "reconcile";
  static final int COMPLETED = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;
  static final int ANOMALIES = 3;

  private static final String USAGE_TEXT =
      "usage: reconcile --channel "
          + String.join("|", Channel.names().split(", "))
          + " [--channel-config "
          + ChannelConfigKey.BOOTSTRAP
          + "|cc_...] --date yyyy-MM-dd --file bill.zip [--spring.x=y ...]";

  // A usage error lists the channel's configurations up to this many.
  private static final int LISTED = 10;

  private ReconcileCommand() {}

  /** Whether the command line asks for this command rather than the server. */
  public static boolean isInvoked(String[] args) {
    return args.length > 0 && NAME.equals(args[0]);
  }

  /** Runs the command; returns the process exit status. */
  public static int run(String[] args, Class<?> application) {
    PrintStream out = System.out;
    Arguments arguments;
    try {
      arguments = Arguments.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(USAGE_TEXT);
      return USAGE;
    }
    try (ConfigurableApplicationContext context =
            new SpringApplicationBuilder(application)
                .web(WebApplicationType.NONE)
                .lazyInitialization(true)
                .logStartupInfo(false)
                .properties(offlineDefaults())
                .run(arguments.springArgs().toArray(String[]::new));
        TerminalProgress progress = new TerminalProgress()) {
      Reconciliations reconciliations = context.getBean(Reconciliations.class);
      if (!reconciliations.supports(arguments.channel())) {
        System.err.println(
            "this instance reads no "
                + arguments.channel().toLowerCase(Locale.ROOT)
                + " bills: --channel must be "
                + oneOf(reconciliations.channels()));
        System.err.println(USAGE_TEXT);
        return USAGE;
      }
      if (!reconciliations.hasConfiguration(arguments.channel(), arguments.channelConfig())) {
        System.err.println(
            "no "
                + arguments.channel().toLowerCase(Locale.ROOT)
                + " configuration "
                + arguments.channelConfig()
                + ": --channel-config must be "
                + listed(reconciliations.configurations(Channel.valueOf(arguments.channel()))));
        System.err.println(USAGE_TEXT);
        return USAGE;
      }
      Optional<ReconciliationRun> run =
          reconciliations.runNow(
              arguments.channel(),
              arguments.channelConfig(),
              arguments.date(),
              new FileBillSource(arguments.file()),
              progress);
      progress.close();
      if (run.isEmpty()) {
        out.println("another instance is reconciling " + arguments.date() + " right now");
        return FAILED;
      }
      return report(run.get(), out);
    }
  }

  /**
   * Defaults (overridden by any configuration) for running without the web server: no sandbox, and
   * {@code payonce.offline-command}, which tells each channel adapter to let the context start
   * without an account of its own (the command reads a file and needs no channel).
   */
  static Map<String, Object> offlineDefaults() {
    return Map.of(
        "spring.main.banner-mode", "off",
        "payonce.sandbox.enabled", "false",
        "payonce.offline-command", "true",
        "logging.level.root", "WARN",
        // Alarms are stored (and counted in the summary); one line each would drown the
        // progress bar on a bill full of anomalies.
        "logging.level.io.payonce.server.alarm", "OFF");
  }

  private static int report(ReconciliationRun run, PrintStream out) {
    out.printf(
        "run %d %s %s%s: %s%n",
        run.id(),
        run.channel(),
        ChannelConfigKey.isBootstrap(run.channelConfig()) ? "" : run.channelConfig() + " ",
        run.billDate(),
        run.status());
    if (run.status() != RunStatus.COMPLETED) {
      out.println("error: " + run.error());
      return FAILED;
    }
    long anomalies = 0;
    for (Map.Entry<Outcome, Long> count : run.counts().entrySet()) {
      out.printf("  %-22s %d%n", count.getKey(), count.getValue());
      if (count.getKey().isAnomaly() && count.getKey() != Outcome.CHANNEL_ONLY_SUCCESS) {
        anomalies += count.getValue();
      }
    }
    return anomalies == 0 ? COMPLETED : ANOMALIES;
  }

  private static String listed(List<String> configurations) {
    String shown =
        String.join(" or ", configurations.subList(0, Math.min(LISTED, configurations.size())));
    return configurations.size() <= LISTED
        ? shown
        : shown + " or another (" + configurations.size() + " in all)";
  }

  private static String oneOf(Set<Channel> channels) {
    return channels.stream()
        .map(channel -> channel.name().toLowerCase(Locale.ROOT))
        .collect(Collectors.joining(" or "));
  }

  /**
   * The command's options; anything else is handed to Spring (e.g. --spring.datasource.url=).
   *
   * @param channelConfig the configuration whose account's bill the file is ({@link
   *     ChannelConfigKey#BOOTSTRAP} unless named)
   */
  record Arguments(
      String channel, String channelConfig, LocalDate date, Path file, List<String> springArgs) {

    static Arguments parse(String[] args) {
      String channel = null;
      String channelConfig = ChannelConfigKey.BOOTSTRAP;
      String date = null;
      String file = null;
      List<String> rest = new ArrayList<>();
      for (int i = 1; i < args.length; i++) {
        switch (args[i]) {
          case "--channel" -> channel = value(args, ++i, "--channel");
          case "--channel-config" -> channelConfig = value(args, ++i, "--channel-config").strip();
          case "--date" -> date = value(args, ++i, "--date");
          case "--file" -> file = value(args, ++i, "--file");
          default -> rest.add(args[i]);
        }
      }
      String name = channel == null ? "" : channel.toUpperCase(Locale.ROOT);
      if (Arrays.stream(Channel.values()).noneMatch(known -> known.name().equals(name))) {
        throw new IllegalArgumentException(
            "--channel must be " + oneOf(EnumSet.allOf(Channel.class)));
      }
      if (channelConfig.isEmpty()) {
        throw new IllegalArgumentException("--channel-config must name a configuration");
      }
      if (file == null) {
        throw new IllegalArgumentException("--file is required");
      }
      try {
        return new Arguments(
            name, channelConfig, LocalDate.parse(String.valueOf(date)), Path.of(file), rest);
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException("--date must be yyyy-MM-dd");
      }
    }

    private static String value(String[] args, int at, String option) {
      if (at >= args.length) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return args[at];
    }
  }
}
