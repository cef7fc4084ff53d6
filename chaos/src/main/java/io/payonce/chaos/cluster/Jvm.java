package io.payonce.chaos.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Starts a jar in a JVM of its own, small, its output appended to a log file. */
final class Jvm {

  private Jvm() {}

  static Process start(
      String heap, Path jar, List<String> args, Map<String, String> env, Path log, String banner)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + heap);
    command.add("-Xss512k");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-XX:+UseSerialGC");
    command.add("-XX:+ExitOnOutOfMemoryError");
    command.add("-Dfile.encoding=UTF-8");
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(args);
    Files.createDirectories(log.getParent());
    Files.writeString(
        log,
        "==== "
            + Instant.now()
            + " "
            + banner
            + "\n==== java -jar "
            + jar.getFileName()
            + " "
            + String.join(" ", args)
            + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.environment().putAll(env);
    return builder.start();
  }

  /** Sends a signal (STOP, CONT) to a process. */
  static void signal(long pid, String signal) {
    try {
      Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).start();
      kill.waitFor();
    } catch (IOException e) {
      throw new IllegalStateException("cannot signal " + pid, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The last {@code bytes} of a file, or "" if it cannot be read. */
  static String tail(Path file, int bytes) {
    try (var channel = Files.newByteChannel(file)) {
      long size = channel.size();
      channel.position(Math.max(0, size - bytes));
      java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate((int) Math.min(bytes, size));
      while (buffer.hasRemaining() && channel.read(buffer) > 0) {
        // read on
      }
      return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}
