package io.payonce.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The sustained bench's server in a JVM of its own, so that its CPU — its garbage collector and JIT
 * included — is read from /proc apart from the bench's driver and webhook receiver, as a peer's
 * server process is measured from outside. The child runs with this JVM's flags and class path; its
 * settings (a throwaway platform key among them) go over its stdin, not its command line, one
 * {@code name=value} a line and a blank line after them; it prints its port on stdout and stops
 * when its stdin closes (so also when the bench's JVM ends).
 */
record ServerProcess(Process process, Writer stdin, int port) implements AutoCloseable {

  static final String COMMAND = "sustained-server";
  static final String PORT_LINE = "payonce-bench-server-port=";

  /**
   * An environment variable whose flags, split on white space, go to the server's JVM after the
   * bench's own, e.g. {@code -XX:StartFlightRecording=filename=/tmp/server.jfr,settings=profile}.
   */
  static final String EXTRA_FLAGS_VARIABLE = "PAYONCE_BENCH_SERVER_JVM_OPTIONS";

  static ServerProcess start(Map<String, String> settings) throws IOException {
    Process process =
        new ProcessBuilder(
                command(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    ManagementFactory.getRuntimeMXBean().getInputArguments(),
                    extraFlags(System.getenv(EXTRA_FLAGS_VARIABLE)),
                    System.getProperty("java.class.path")))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    Writer stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    stdin.write(settingsText(settings));
    stdin.flush();
    BufferedReader stdout =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    int port = -1;
    for (String line = stdout.readLine(); line != null; line = stdout.readLine()) {
      if (line.startsWith(PORT_LINE)) {
        port = Integer.parseInt(line.substring(PORT_LINE.length()));
        break;
      }
      System.out.println(line);
    }
    if (port < 0) {
      process.destroyForcibly();
      throw new IllegalStateException("the server's JVM ended before it told its port");
    }
    // The server's log lines (WARN and above) go on to the bench's console.
    Thread forward =
        new Thread(
            () -> stdout.lines().forEach(System.out::println), "bench-server-stdout-forward");
    forward.setDaemon(true);
    forward.start();
    return new ServerProcess(process, stdin, port);
  }

  /** The flags in {@link #EXTRA_FLAGS_VARIABLE}'s value, none when it is unset or blank. */
  static List<String> extraFlags(String value) {
    return value == null || value.isBlank() ? List.of() : List.of(value.strip().split("\\s+"));
  }

  /**
   * The child's command line: {@code java}, this JVM's flags but a debugger's, an agent's or a
   * flight recording's (the child would write the same file), the extra flags, and the bench's main
   * on the same class path — by {@code -jar} when that is one jar (the bench's executable jar,
   * whose classes only its own launcher finds).
   */
  static List<String> command(
      String java, List<String> jvmFlags, List<String> extraFlags, String classPath) {
    List<String> command = new ArrayList<>();
    command.add(java);
    jvmFlags.stream()
        .filter(
            f ->
                !f.startsWith("-agentlib:")
                    && !f.startsWith("-javaagent:")
                    && !f.startsWith("-XX:StartFlightRecording"))
        .forEach(command::add);
    command.addAll(extraFlags);
    if (classPath.endsWith(".jar") && !classPath.contains(File.pathSeparator)) {
      command.add("-jar");
      command.add(classPath);
    } else {
      command.add("-cp");
      command.add(classPath);
      command.add(ScanToPayBench.class.getName());
    }
    command.add(COMMAND);
    return command;
  }

  /** The settings as the child reads them: {@code name=value} lines, then a blank line. */
  static String settingsText(Map<String, String> settings) {
    StringBuilder text = new StringBuilder();
    settings.forEach(
        (name, value) -> {
          if (name.contains("=") || name.contains("\n") || value.contains("\n")) {
            throw new IllegalArgumentException("setting " + name + " cannot be sent on a line");
          }
          text.append(name).append('=').append(value).append('\n');
        });
    return text.append('\n').toString();
  }

  /** The settings read back from the lines before the blank one; a value may hold '='. */
  static Map<String, String> settings(BufferedReader lines) throws IOException {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String line = lines.readLine(); line != null && !line.isEmpty(); line = lines.readLine()) {
      int eq = line.indexOf('=');
      settings.put(line.substring(0, eq), line.substring(eq + 1));
    }
    return settings;
  }

  /** The server JVM's CPU so far, in clock ticks (user + system, every thread of it). */
  long cpuTicks() throws IOException {
    return SustainedPipeline.cpuTicks(
        Files.readString(Path.of("/proc/" + process.pid() + "/stat")), false);
  }

  @Override
  public void close() throws Exception {
    stdin.close();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }

  /** The child: starts the server, prints its port, and stops it when stdin closes. */
  static void main(String[] args) throws Exception {
    BufferedReader stdin =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = System.out;
    try (ServiceUnderTest service = ServiceUnderTest.start(settings(stdin))) {
      out.println(PORT_LINE + service.port());
      out.flush();
      while (stdin.readLine() != null) {
        // Nothing more is sent: the bench closes stdin to stop the server.
      }
    }
    System.exit(0);
  }
}
