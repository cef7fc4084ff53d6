package io.payonce.chaos.faults;

import io.payonce.chaos.cluster.Instance;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the instances' logs as they grow and reports each {@code chaos stall-point=<name>} line: an
 * instance holds a request at that point for a few seconds, the moment to kill the database's
 * leader under it.
 */
public final class StallWatch implements AutoCloseable {

  private static final Pattern STALL = Pattern.compile("chaos stall-point=([a-z-]+)");

  private final List<Instance> instances;
  private final BiConsumer<String, String> onStall;
  private final Map<Instance, Long> read = new HashMap<>();
  private final Thread thread;
  private volatile boolean stopped;

  /** {@code onStall} gets the point and the instance's name. */
  public StallWatch(List<Instance> instances, BiConsumer<String, String> onStall) {
    this.instances = List.copyOf(instances);
    this.onStall = onStall;
    for (Instance instance : instances) {
      read.put(instance, size(instance));
    }
    this.thread = new Thread(this::watch, "stall-watch");
    thread.setDaemon(true);
  }

  public StallWatch start() {
    thread.start();
    return this;
  }

  private void watch() {
    while (!stopped) {
      for (Instance instance : instances) {
        scan(instance);
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** The lines added to the instance's log since the last scan, checked for stalls. */
  void scan(Instance instance) {
    long from = read.get(instance);
    long size = size(instance);
    if (size <= from) {
      return;
    }
    try (RandomAccessFile file = new RandomAccessFile(instance.log().toFile(), "r")) {
      file.seek(from);
      byte[] added = new byte[(int) Math.min(size - from, 4 << 20)];
      file.readFully(added);
      String text = new String(added, StandardCharsets.UTF_8);
      int lastLine = text.lastIndexOf('\n');
      if (lastLine < 0) {
        return;
      }
      read.put(
          instance, from + text.substring(0, lastLine + 1).getBytes(StandardCharsets.UTF_8).length);
      Matcher m = STALL.matcher(text.substring(0, lastLine));
      while (m.find()) {
        onStall.accept(m.group(1), instance.name());
      }
    } catch (IOException e) {
      // The log is being rotated or not yet there: the next scan reads it.
    }
  }

  private static long size(Instance instance) {
    try {
      return Files.size(instance.log());
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  public void close() {
    stopped = true;
    thread.interrupt();
  }
}
