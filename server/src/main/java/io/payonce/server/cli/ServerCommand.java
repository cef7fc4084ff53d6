package io.payonce.server.cli;

import java.io.PrintStream;

/**
 * A subcommand of the server jar ({@code java -jar payonce-server-exec.jar <name> ...}) that runs
 * without starting the service. Implementations are listed in {@code
 * META-INF/services/io.payonce.server.cli.ServerCommand}, so the launcher links to none of them:
 * each lives in the module it belongs to (the Alipay key pair in the Alipay adapter).
 */
public interface ServerCommand {

  /** The first argument that invokes this command. */
  String name();

  /** Runs the command; returns the process's exit status. */
  int run(String[] args, PrintStream out, PrintStream err);

  /** The command the arguments invoke, if any. */
  static java.util.Optional<ServerCommand> invokedBy(String[] args) {
    if (args.length == 0) {
      return java.util.Optional.empty();
    }
    for (ServerCommand command : java.util.ServiceLoader.load(ServerCommand.class)) {
      if (command.name().equals(args[0])) {
        return java.util.Optional.of(command);
      }
    }
    return java.util.Optional.empty();
  }
}
