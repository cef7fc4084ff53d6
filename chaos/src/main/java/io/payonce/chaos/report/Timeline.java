package io.payonce.chaos.report;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's log of what happened when, in milliseconds since the run started: faults as spans
 * (start and end) in named lanes, points (an instance halted, the workload ended), printed as they
 * happen and kept for the reports.
 */
public final class Timeline {

  /** One entry; {@code endMs} is -1 for a point or a span still open. */
  public record Entry(String lane, String what, long startMs, long endMs, boolean span) {}

  /** An open span: {@link #end} closes it once. */
  public final class Span {
    private final int index;
    private boolean ended;

    private Span(int index) {
      this.index = index;
    }

    public void end() {
      end("");
    }

    public void end(String note) {
      synchronized (Timeline.this) {
        if (ended) {
          return;
        }
        ended = true;
        Entry open = entries.get(index);
        entries.set(
            index, new Entry(open.lane(), open.what() + note, open.startMs(), nowMs(), true));
        print(open.lane(), "end " + open.what() + note);
      }
    }
  }

  private final long startNanos = System.nanoTime();
  private final Instant startedAt = Instant.now();
  private final List<Entry> entries = new ArrayList<>();
  private final PrintStream out;
  private final Writer file;

  public Timeline(PrintStream out, Path file) {
    this.out = out;
    try {
      Files.createDirectories(file.getParent());
      this.file =
          Files.newBufferedWriter(
              file,
              StandardCharsets.UTF_8,
              StandardOpenOption.CREATE,
              StandardOpenOption.TRUNCATE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The wall-clock instant that {@link #nowMs} counts from. */
  public Instant startedAt() {
    return startedAt;
  }

  public long nowMs() {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }

  /** A point in time. */
  public synchronized void point(String lane, String what) {
    entries.add(new Entry(lane, what, nowMs(), -1, false));
    print(lane, what);
  }

  /** A span that starts now; close it with {@link Span#end}. */
  public synchronized Span begin(String lane, String what) {
    entries.add(new Entry(lane, what, nowMs(), -1, true));
    print(lane, "begin " + what);
    return new Span(entries.size() - 1);
  }

  /** A line for the console and the timeline file that is not an entry (progress, notes). */
  public synchronized void say(String line) {
    String stamped = stamp() + line;
    out.println(stamped);
    write(stamped);
  }

  public synchronized List<Entry> entries() {
    return List.copyOf(entries);
  }

  /** Closes every span still open (at the end of a run). */
  public synchronized void closeOpenSpans() {
    for (int i = 0; i < entries.size(); i++) {
      Entry e = entries.get(i);
      if (e.span() && e.endMs() < 0) {
        entries.set(i, new Entry(e.lane(), e.what(), e.startMs(), nowMs(), true));
      }
    }
  }

  public synchronized void close() {
    try {
      file.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void print(String lane, String what) {
    say(lane + ": " + what);
  }

  private String stamp() {
    return String.format("[+%7.1fs] ", nowMs() / 1000.0);
  }

  private void write(String line) {
    try {
      file.write(line);
      file.write('\n');
      file.flush();
    } catch (IOException e) {
      // The console still has it; a full disk must not end the run.
    }
  }
}
