package io.payonce.chaos.cluster;

import io.payonce.chaos.http.JsonHttp;
import io.payonce.chaos.http.Reply;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * The three-node PostgreSQL cluster under Patroni that {@code scripts/patroni-cluster} runs on this
 * machine, as the harness's faults see it: who leads, who is the synchronous standby, and a node
 * ("a database machine") killed, frozen, thawed or restarted. A node is its Patroni process and
 * everything under it (the postmaster and its backends), so a kill -9 is the machine's death and a
 * SIGSTOP its freeze. The script's settings come from the environment ({@code PAYONCE_PATRONI_DIR},
 * {@code PAYONCE_PATRONI_PORT}).
 */
public final class Patroni {

  /** The script's default first port; the nodes listen on it and the next two. */
  public static final int DEFAULT_PORT = 5601;

  private static final Duration SCRIPT_TIMEOUT = Duration.ofMinutes(3);

  private final Path script;
  private final Path dir;
  private final int port;
  private final JsonHttp http = new JsonHttp(Duration.ofSeconds(2));

  public Patroni(Path script) {
    this.script = script;
    this.dir = Path.of(env("PAYONCE_PATRONI_DIR", "/tmp/payonce-patroni"));
    this.port = Integer.parseInt(env("PAYONCE_PATRONI_PORT", Integer.toString(DEFAULT_PORT)));
  }

  /** The script from the repository: {@code scripts/patroni-cluster} here or above. */
  public static Patroni fromRepository() {
    for (Path base = Path.of("").toAbsolutePath(); base != null; base = base.getParent()) {
      Path candidate = base.resolve("scripts/patroni-cluster");
      if (Files.isExecutable(candidate)) {
        return new Patroni(candidate);
      }
    }
    throw new IllegalStateException("scripts/patroni-cluster not found here or above");
  }

  /** The multi-host server part of a JDBC URL (no database). */
  public static String server() {
    int first = Integer.parseInt(env("PAYONCE_PATRONI_PORT", Integer.toString(DEFAULT_PORT)));
    return "jdbc:postgresql://127.0.0.1:"
        + first
        + ",127.0.0.1:"
        + (first + 1)
        + ",127.0.0.1:"
        + (first + 2);
  }

  /** Starts the cluster (or keeps it) and waits for a leader with a synchronous standby. */
  public void start() {
    run("start");
  }

  /** Whether the cluster's packages are here (patroni, etcd). */
  public static boolean installed() {
    return Files.isExecutable(Path.of("/usr/bin/patroni"))
        && Files.isExecutable(Path.of("/usr/bin/etcd"));
  }

  /**
   * A member as Patroni's REST API lists it; {@code timeline} 0 when it reports none (a member not
   * running, or not yet streaming).
   */
  public record Member(String name, String role, String state, int port, int timeline) {
    public boolean leader() {
      return role.equals("leader");
    }

    public boolean synchronous() {
      return role.equals("sync_standby");
    }

    public boolean running() {
      return state.equals("running") || state.equals("streaming");
    }
  }

  /** The members, from the first node whose REST API answers; empty when none does. */
  public List<Member> members() {
    for (int i = 0; i < 3; i++) {
      Reply reply = http.get("http://127.0.0.1:" + (port + 3000 + i) + "/cluster");
      if (reply.status() != 200) {
        continue;
      }
      List<Member> members = new ArrayList<>();
      for (JsonNode m : reply.json().path("members")) {
        members.add(
            new Member(
                m.path("name").asString(),
                m.path("role").asString(),
                m.path("state").asString(),
                m.path("port").asInt(),
                m.path("timeline").asInt(0)));
      }
      return members;
    }
    return List.of();
  }

  public Optional<Member> leader() {
    return members().stream().filter(Member::leader).findFirst();
  }

  public Optional<Member> synchronousStandby() {
    return members().stream().filter(Member::synchronous).findFirst();
  }

  /**
   * Whether the cluster is whole: a leader, a synchronous standby and all three members running —
   * the state a fault starts from, so that one fault never lands on the wreck of another.
   */
  public boolean whole() {
    return whole(members());
  }

  /**
   * Whether these members make a whole cluster: three running, a leader, a synchronous standby, and
   * every member on the leader's timeline. A frozen old leader just thawed still says "running" on
   * its old timeline while it demotes and rewinds; a fault that lands then (a switchover moving the
   * leader under its pg_rewind) left it unable to start, and the cluster never whole again.
   */
  static boolean whole(List<Member> members) {
    Optional<Member> leader = members.stream().filter(Member::leader).findFirst();
    return members.size() == 3
        && members.stream().allMatch(Member::running)
        && leader.isPresent()
        && members.stream().anyMatch(Member::synchronous)
        && members.stream().allMatch(m -> m.timeline() == leader.get().timeline());
  }

  /** kill -9 of the node's Patroni and every process under it. */
  public void kill(String node) {
    for (ProcessHandle process : tree(node)) {
      process.destroyForcibly();
    }
  }

  /** SIGSTOP of the node's Patroni and every process under it. */
  public void freeze(String node) {
    signal(node, "STOP");
  }

  /** SIGCONT after {@link #freeze}. */
  public void thaw(String node) {
    signal(node, "CONT");
  }

  /** Starts a killed node's Patroni again (it rejoins, rewinding if it has to). */
  public void restart(String node) {
    run("restart-node", node);
  }

  /**
   * What an operator does when no standby is promoted: a forced failover to {@code candidate},
   * whatever it lacks.
   */
  public void forceFailover(String candidate) {
    run("failover", candidate);
  }

  /** A planned switchover to the synchronous standby. */
  public void switchover() {
    run("switchover");
  }

  /** The leader's port, where a psql-like admin connection goes. */
  public int port(String node) {
    return port + Integer.parseInt(node.substring(2)) - 1;
  }

  private List<ProcessHandle> tree(String node) {
    Path pidFile = dir.resolve(node + ".pid");
    List<ProcessHandle> processes = new ArrayList<>();
    try {
      long pid = Long.parseLong(Files.readString(pidFile, StandardCharsets.UTF_8).trim());
      ProcessHandle.of(pid)
          .ifPresent(
              patroni -> {
                processes.add(patroni);
                patroni.descendants().forEach(processes::add);
              });
    } catch (IOException | NumberFormatException e) {
      // No pid file: the node's Patroni is not running.
    }
    // Patroni's postmaster is not its child (it runs under init): without it a kill -9 of the node
    // leaves its PostgreSQL running, still a primary, and no machine has died.
    Path postmaster = dir.resolve("data").resolve(node).resolve("postmaster.pid");
    try {
      String first = Files.readAllLines(postmaster, StandardCharsets.UTF_8).get(0).trim();
      ProcessHandle.of(Long.parseLong(first))
          .filter(p -> processes.stream().noneMatch(q -> q.pid() == p.pid()))
          .ifPresent(
              server -> {
                processes.add(server);
                server.descendants().forEach(processes::add);
              });
    } catch (IOException | RuntimeException e) {
      // No postmaster.pid: its PostgreSQL is not running.
    }
    return processes;
  }

  private void signal(String node, String signal) {
    List<ProcessHandle> processes = tree(node);
    if (processes.isEmpty()) {
      return;
    }
    List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
    processes.forEach(p -> command.add(Long.toString(p.pid())));
    exec(command, Duration.ofSeconds(10));
  }

  private void run(String... args) {
    List<String> command = new ArrayList<>();
    command.add(script.toString());
    command.addAll(List.of(args));
    exec(command, SCRIPT_TIMEOUT);
  }

  private static String exec(List<String> command, Duration timeout) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " did not finish");
      }
      String text = new String(output, StandardCharsets.UTF_8).trim();
      if (process.exitValue() != 0) {
        throw new IllegalStateException(
            String.join(" ", command) + " exited " + process.exitValue() + ": " + text);
      }
      return text;
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + command.get(0), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + command.get(0), e);
    }
  }

  private static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }
}
