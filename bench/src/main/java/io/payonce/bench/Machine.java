package io.payonce.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the run ran on, read from the JVM and /proc; "unknown" where a file is not there. */
final class Machine {

  private Machine() {}

  static Map<String, String> facts() throws IOException {
    Map<String, String> machine = new LinkedHashMap<>();
    machine.put("date", ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    machine.put("cpus (available to the JVM)", String.valueOf(cores()));
    machine.put("cpu", procLine("/proc/cpuinfo", "model name"));
    machine.put("memory", procLine("/proc/meminfo", "MemTotal"));
    machine.put(
        "os",
        osRelease()
            + " ("
            + System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch")
            + ")");
    machine.put(
        "java",
        System.getProperty("java.vm.vendor")
            + " "
            + System.getProperty("java.vm.name")
            + " "
            + Runtime.version());
    machine.put("max heap", (Runtime.getRuntime().maxMemory() >> 20) + " MB");
    machine.put(
        "jvm arguments",
        String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    machine.put("load average", loadAverage());
    return machine;
  }

  static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }

  /** /proc/loadavg as it reads: 1, 5 and 15-minute load, running/total tasks, last pid. */
  static String loadAverage() throws IOException {
    Path path = Path.of("/proc/loadavg");
    return Files.isReadable(path) ? Files.readString(path).trim() : "unknown";
  }

  /** The 1-minute load average, NaN where /proc/loadavg is not there. */
  static double load1() {
    try {
      return Double.parseDouble(loadAverage().split(" ")[0]);
    } catch (IOException | NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static String osRelease() throws IOException {
    Path path = Path.of("/etc/os-release");
    if (!Files.isReadable(path)) {
      return "unknown";
    }
    return Files.readAllLines(path).stream()
        .filter(line -> line.startsWith("PRETTY_NAME="))
        .map(line -> line.substring("PRETTY_NAME=".length()).replace("\"", ""))
        .findFirst()
        .orElse("unknown");
  }

  private static String procLine(String file, String key) throws IOException {
    Path path = Path.of(file);
    if (!Files.isReadable(path)) {
      return "unknown";
    }
    return Files.readAllLines(path).stream()
        .filter(line -> line.startsWith(key))
        .map(line -> line.substring(line.indexOf(':') + 1).trim())
        .findFirst()
        .orElse("unknown");
  }
}
