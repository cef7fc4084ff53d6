package io.payonce.server.alipay;

import io.payonce.server.cli.ServerCommand;
import java.io.PrintStream;

/** {@code keys}, found by the launcher through {@link java.util.ServiceLoader}. */
public final class KeysServerCommand implements ServerCommand {

  @Override
  public String name() {
    return KeysCommand.NAME;
  }

  @Override
  public int run(String[] args, PrintStream out, PrintStream err) {
    return KeysCommand.run(args, out, err);
  }
}
