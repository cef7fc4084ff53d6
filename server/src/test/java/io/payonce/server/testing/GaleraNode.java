package io.payonce.server.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * A one-node MariaDB Galera cluster of the test's own ({@code wsrep_on=ON}, bootstrapped with
 * {@code gcomm://}) on free loopback ports, from the machine's Debian packages {@code
 * mariadb-server} and {@code galera-4}; as root it runs as {@code mysql}. Without the packages the
 * test is skipped, and fails under {@code CI=true}.
 */
public final class GaleraNode implements AutoCloseable {

  private static final Path MARIADBD = Path.of("/usr/sbin/mariadbd");
  private static final Path INSTALL_DB = Path.of("/usr/bin/mariadb-install-db");
  private static final Path PROVIDER = Path.of("/usr/lib/galera/libgalera_smm.so");

  private final Process server;
  private final int port;

  private GaleraNode(Process server, int port) {
    this.server = server;
    this.port = port;
  }

  public static GaleraNode start(Path dir) throws IOException, InterruptedException {
    boolean installed =
        Files.isExecutable(MARIADBD) && Files.isExecutable(INSTALL_DB) && Files.exists(PROVIDER);
    if (!installed && "true".equalsIgnoreCase(System.getenv("CI"))) {
      throw new IllegalStateException("CI=true but mariadb-server or galera-4 is not installed");
    }
    Assumptions.assumeTrue(installed, "mariadb-server and galera-4 are not installed");
    boolean root = "root".equals(System.getProperty("user.name"));
    if (root) {
      run(List.of("chown", "mysql:mysql", dir.toString()));
    }
    Path data = dir.resolve("data");
    run(
        asOwner(
            root,
            List.of(
                INSTALL_DB.toString(),
                "--no-defaults",
                "--datadir=" + data,
                "--auth-root-authentication-method=normal",
                "--skip-test-db")));
    int port = LocalSandbox.freePort();
    int gcomm = LocalSandbox.freePort();
    int ist = LocalSandbox.freePort();
    Process server =
        new ProcessBuilder(
                asOwner(
                    root,
                    List.of(
                        MARIADBD.toString(),
                        "--no-defaults",
                        "--datadir=" + data,
                        "--port=" + port,
                        "--bind-address=127.0.0.1",
                        "--socket=" + dir.resolve("sock"),
                        "--pid-file=" + dir.resolve("pid"),
                        "--log-error=" + dir.resolve("error.log"),
                        "--wsrep-on=ON",
                        "--wsrep-provider=" + PROVIDER,
                        "--wsrep-cluster-address=gcomm://",
                        "--wsrep-node-address=127.0.0.1:" + gcomm,
                        "--wsrep-provider-options=gmcast.listen_addr=tcp://127.0.0.1:"
                            + gcomm
                            + ";ist.recv_addr=127.0.0.1:"
                            + ist,
                        "--binlog-format=ROW",
                        "--innodb-autoinc-lock-mode=2")))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("stdout.log").toFile())
            .start();
    GaleraNode node = new GaleraNode(server, port);
    try {
      await()
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(200))
          .ignoreExceptions()
          .until(node::answers);
      try (Connection c = node.connect("mysql")) {
        c.createStatement().execute("CREATE DATABASE payonce");
      }
    } catch (RuntimeException | SQLException e) {
      node.close();
      throw new IllegalStateException("the Galera node did not start (see " + dir + ")", e);
    }
    return node;
  }

  public String url() {
    return "jdbc:mariadb://127.0.0.1:" + port + "/payonce";
  }

  public Connection connect(String database) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:mariadb://127.0.0.1:" + port + "/" + database, "root", "");
  }

  private boolean answers() throws SQLException {
    if (!server.isAlive()) {
      throw new IllegalStateException("mariadbd exited with " + server.exitValue());
    }
    try (Connection c = connect("mysql")) {
      return c.isValid(2);
    }
  }

  @Override
  public void close() {
    server.destroy();
    try {
      if (!server.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    } catch (InterruptedException e) {
      server.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static List<String> asOwner(boolean root, List<String> command) {
    if (!root) {
      return command;
    }
    List<String> wrapped = new ArrayList<>(List.of("runuser", "-u", "mysql", "--"));
    wrapped.addAll(command);
    return wrapped;
  }

  private static void run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    if (p.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
    }
  }
}
