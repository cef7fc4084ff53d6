package io.payonce.chaos.workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * What each scenario planned and saw, per order, in {@code workload.log} and in memory: the report
 * shows an offending order's notes next to its violation.
 */
public final class Notes implements AutoCloseable {

  private final Map<String, List<String>> byOrder = new ConcurrentHashMap<>();
  private final Writer file;
  private final LongSupplier clockMs;

  public Notes(Path file, LongSupplier clockMs) {
    this.clockMs = clockMs;
    try {
      this.file = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void add(String orderNo, String note) {
    String line = String.format("+%.1fs %s", clockMs.getAsLong() / 1000.0, note);
    byOrder.computeIfAbsent(orderNo, o -> new ArrayList<>());
    List<String> notes = byOrder.get(orderNo);
    synchronized (notes) {
      notes.add(line);
    }
    synchronized (file) {
      try {
        file.write(orderNo + " " + line + "\n");
      } catch (IOException e) {
        // Kept in memory all the same.
      }
    }
  }

  public List<String> of(String orderNo) {
    List<String> notes = byOrder.get(orderNo);
    if (notes == null) {
      return List.of();
    }
    synchronized (notes) {
      return List.copyOf(notes);
    }
  }

  @Override
  public void close() {
    synchronized (file) {
      try {
        file.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
