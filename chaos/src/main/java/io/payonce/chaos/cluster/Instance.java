package io.payonce.chaos.cluster;

import io.payonce.chaos.report.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One PayOnce instance: a JVM of its own on a fixed port, restarted as new incarnations. It knows
 * whether it is up, paused or down, and tells its owner when it died without being asked to (a
 * crash point halted it).
 */
public final class Instance {

  /** Where an instance stands. */
  public enum State {
    /** Launched, not answering its readiness probe yet. */
    STARTING,
    /** Answering. */
    UP,
    /** Stopped with SIGSTOP: its port accepts connections, nothing answers. */
    PAUSED,
    /** Not running. */
    DOWN
  }

  /** How to launch an incarnation: its arguments and environment. */
  public interface Launch {
    List<String> args(int incarnation, boolean armCrashPoints);

    Map<String, String> env();
  }

  private static final Pattern CRASH_POINT = Pattern.compile("chaos crash-point=([a-z-]+)");
  private static final HttpClient PROBE =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final int number;
  private final int port;
  private final String heap;
  private final Path jar;
  private final Path log;
  private final Launch launch;
  private final Timeline timeline;
  private final Consumer<Instance> onCrash;

  private Process process;
  private State state = State.DOWN;
  private int incarnation;
  private boolean exitExpected;
  private int crashes;

  Instance(
      int number,
      int port,
      String heap,
      Path jar,
      Path log,
      Launch launch,
      Timeline timeline,
      Consumer<Instance> onCrash) {
    this.number = number;
    this.port = port;
    this.heap = heap;
    this.jar = jar;
    this.log = log;
    this.launch = launch;
    this.timeline = timeline;
    this.onCrash = onCrash;
  }

  public String name() {
    return "instance-" + number;
  }

  public int number() {
    return number;
  }

  public int port() {
    return port;
  }

  public String base() {
    return "http://127.0.0.1:" + port;
  }

  /** Where every incarnation's output is appended. */
  public Path log() {
    return log;
  }

  public synchronized State state() {
    return state;
  }

  public synchronized int incarnation() {
    return incarnation;
  }

  public synchronized int crashes() {
    return crashes;
  }

  /** Starts a new incarnation unless one is running. */
  public synchronized void launch(boolean armCrashPoints) {
    if (state != State.DOWN) {
      return;
    }
    incarnation++;
    try {
      Process started =
          Jvm.start(
              heap,
              jar,
              launch.args(incarnation, armCrashPoints),
              launch.env(),
              log,
              name()
                  + " incarnation "
                  + incarnation
                  + (armCrashPoints ? " (crash points armed)" : ""));
      process = started;
      state = State.STARTING;
      exitExpected = false;
      started.onExit().thenAccept(this::exited);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Waits until this incarnation answers its readiness probe.
   *
   * @return false if it died or did not get ready in time
   */
  public boolean awaitReady(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    Process watched;
    synchronized (this) {
      watched = process;
    }
    while (System.nanoTime() < deadline) {
      if (watched == null || !watched.isAlive()) {
        return false;
      }
      if (ready()) {
        synchronized (this) {
          if (process == watched && state == State.STARTING) {
            state = State.UP;
          }
          return process == watched;
        }
      }
      pause(Duration.ofMillis(500));
    }
    return false;
  }

  /** kill -9: no shutdown hooks, connections dropped. */
  public void kill() {
    Process victim;
    synchronized (this) {
      if (process == null || state == State.DOWN) {
        return;
      }
      exitExpected = true;
      victim = process;
    }
    victim.destroyForcibly();
    try {
      victim.waitFor(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      if (process == victim) {
        state = State.DOWN;
      }
    }
  }

  /** SIGSTOP: the process holds its leases and connections and answers nothing. */
  public synchronized boolean suspend() {
    if (state != State.UP) {
      return false;
    }
    Jvm.signal(process.pid(), "STOP");
    state = State.PAUSED;
    return true;
  }

  /** SIGCONT after {@link #suspend}. */
  public synchronized void resume() {
    if (state != State.PAUSED) {
      return;
    }
    Jvm.signal(process.pid(), "CONT");
    state = State.UP;
  }

  private void exited(Process which) {
    boolean unexpected;
    synchronized (this) {
      if (which != process) {
        return;
      }
      state = State.DOWN;
      unexpected = !exitExpected;
      exitExpected = false;
      if (unexpected) {
        crashes++;
      }
    }
    if (unexpected) {
      String tail = Jvm.tail(log, 16_384);
      // Only this incarnation's output: the log holds every incarnation's, banner first.
      Matcher point = CRASH_POINT.matcher(tail.substring(Math.max(0, tail.lastIndexOf("==== "))));
      String where = null;
      while (point.find()) {
        where = point.group(1);
      }
      timeline.point(
          name(),
          "exited status="
              + which.exitValue()
              + (where == null ? "" : " at crash point " + where)
              + " (incarnation "
              + incarnation()
              + ")");
      onCrash.accept(this);
    }
  }

  private boolean ready() {
    try {
      HttpResponse<Void> response =
          PROBE.send(
              HttpRequest.newBuilder(URI.create(base() + "/actuator/health/readiness"))
                  .timeout(Duration.ofSeconds(2))
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.discarding());
      return response.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  static void pause(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
