package io.payonce.server.testing;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * A TCP proxy on a loopback port of its own, in front of a server the machine shares (Redis,
 * RabbitMQ, a database): a test that needs that server down {@link #cut cuts} the proxy instead of
 * stopping the server, so the other forks of the build, other builds and other people keep theirs.
 * Cut, it resets every open connection and every new one, as a stopped server would leave its
 * clients.
 *
 * <p>In front of a database ({@link #startDatabase}) it also reads the statements each connection
 * runs ({@link SqlWire}), and can {@link #loseCommit lose a COMMIT}: the server commits, and the
 * client's connection is reset before it hears so — a commit whose outcome the client cannot know.
 */
public final class TcpProxy {

  private static final int CONNECT_TIMEOUT_MILLIS = 2000;
  // Longer than any commit of a test takes; a server that never answers loses the connection then.
  private static final Duration COMMIT_ANSWER_WAIT = Duration.ofSeconds(10);

  private final String name;
  private final String targetHost;
  private final int targetPort;
  private final SqlWire wire;
  private final ServerSocket listener;
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final ExecutorService pumps;
  private final AtomicReference<LostCommit> armed = new AtomicReference<>();
  private volatile boolean cut;
  private final java.util.concurrent.atomic.AtomicInteger refused =
      new java.util.concurrent.atomic.AtomicInteger();

  private TcpProxy(String name, String targetHost, int targetPort, SqlWire wire)
      throws IOException {
    this.name = name;
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.wire = wire;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.pumps =
        Executors.newCachedThreadPool(
            r -> {
              Thread thread = new Thread(r, "tcp-proxy-" + name);
              thread.setDaemon(true);
              return thread;
            });
    pumps.execute(this::acceptLoop);
  }

  /** A proxy to {@code host:port}, listening until the JVM ends. */
  public static TcpProxy start(String name, String host, int port) {
    return open(name, host, port, null);
  }

  /** A proxy to the database at {@code host:port} whose clients speak {@code wire} in plaintext. */
  public static TcpProxy startDatabase(String name, String host, int port, SqlWire wire) {
    return open(name, host, port, Objects.requireNonNull(wire, "wire"));
  }

  private static TcpProxy open(String name, String host, int port, SqlWire wire) {
    try {
      return new TcpProxy(name, host, port, wire);
    } catch (IOException e) {
      throw new IllegalStateException("cannot open a proxy port for " + name, e);
    }
  }

  /** The loopback port clients connect to. */
  public int port() {
    return listener.getLocalPort();
  }

  /** From now on the server looks down: open connections are reset, new ones too. */
  public void cut() {
    cut = true;
    open.forEach(TcpProxy::reset);
  }

  /** The server answers again through the proxy. */
  public void restore() {
    cut = false;
  }

  public boolean isCut() {
    return cut;
  }

  /** How many new connections were reset because the server looked down ({@link #cut}). */
  public int refusedWhileCut() {
    return refused.get();
  }

  /**
   * Arms a one-shot fault: the next COMMIT, on any connection, of a transaction whose statements
   * {@code transaction} accepts (in the order they ran since the connection's last BEGIN, COMMIT or
   * ROLLBACK) is forwarded to the server, the server's answer awaited and swallowed, and both
   * connections reset — so the transaction is committed, and its client is told only that its
   * connection broke during COMMIT. Replaces a fault armed before that has not fired.
   */
  public LostCommit loseCommit(Predicate<List<String>> transaction) {
    return loseCommit(1, transaction);
  }

  /**
   * As {@link #loseCommit(Predicate)}, for the {@code nth} such COMMIT from now (1 is the next).
   */
  public LostCommit loseCommit(int nth, Predicate<List<String>> transaction) {
    if (wire == null) {
      throw new IllegalStateException(this + " reads no statements: start it with startDatabase");
    }
    if (nth < 1) {
      throw new IllegalArgumentException("nth counts from 1, got " + nth);
    }
    LostCommit fault = new LostCommit(nth, transaction);
    armed.set(fault);
    return fault;
  }

  /** Takes back a fault that has not fired yet. */
  public void disarm() {
    armed.set(null);
  }

  /**
   * A transaction that ran a statement containing {@code text} — e.g. {@code "INSERT INTO payment
   * ("}; the statements are the application's SQL as its driver sends it (parameters as {@code $1}
   * placeholders on PostgreSQL, written out on MariaDB, whose driver prepares on the client).
   */
  public static Predicate<List<String>> ran(String text) {
    return statements -> statements.stream().anyMatch(sql -> sql.contains(text));
  }

  /** A COMMIT armed to be lost ({@link #loseCommit}). */
  public static final class LostCommit {

    private final AtomicInteger remaining;
    private final Predicate<List<String>> transaction;
    private final CountDownLatch fired = new CountDownLatch(1);
    private volatile List<String> committed = List.of();
    private volatile boolean cuts;

    private LostCommit(int nth, Predicate<List<String>> transaction) {
      this.remaining = new AtomicInteger(nth);
      this.transaction = transaction;
    }

    /**
     * The database goes away with the lost answer: the proxy is {@link TcpProxy#cut cut} as the
     * connection is reset, until {@link TcpProxy#restore}.
     */
    public LostCommit thenCut() {
      cuts = true;
      return this;
    }

    /** Whether the COMMIT was sent on, committed, and its answer lost. */
    public boolean hasFired() {
      return fired.getCount() == 0;
    }

    /** The statements of the transaction whose COMMIT is lost (empty until one was chosen). */
    public List<String> committed() {
      return committed;
    }

    /** Whether it fired within {@code timeout}. */
    public boolean awaitFired(Duration timeout) throws InterruptedException {
      return fired.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private boolean takes(List<String> statements) {
      return transaction.test(statements) && remaining.decrementAndGet() == 0;
    }
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        return;
      }
      if (cut) {
        refused.incrementAndGet();
        reset(client);
        continue;
      }
      pumps.execute(() -> connect(client));
    }
  }

  private void connect(Socket client) {
    Socket server = new Socket();
    try {
      server.connect(new InetSocketAddress(targetHost, targetPort), CONNECT_TIMEOUT_MILLIS);
    } catch (IOException e) {
      reset(client);
      closeQuietly(server);
      return;
    }
    open.add(client);
    open.add(server);
    if (cut) {
      reset(client);
      reset(server);
      return;
    }
    if (wire == null) {
      pumps.execute(() -> pump(client, server));
      pump(server, client);
      return;
    }
    try {
      // Database clients send small messages and wait on each answer: no Nagle delays.
      client.setTcpNoDelay(true);
      server.setTcpNoDelay(true);
    } catch (IOException e) {
      reset(client);
      reset(server);
      return;
    }
    Link link = new Link();
    pumps.execute(() -> pumpStatements(client, server, link));
    pumpAnswers(server, client, link);
  }

  /** What the two directions of one database connection share. */
  private static final class Link {
    // Set once the lost COMMIT is on its way: the server's next bytes are its answer, never passed.
    volatile CountDownLatch answered;
  }

  /** Client to server, message by message, seeing each statement and each COMMIT. */
  private void pumpStatements(Socket client, Socket server, Link link) {
    List<String> transaction = new ArrayList<>();
    LostCommit losing = null;
    // The streams are not closed: closing one closes its socket gently, and the client must see
    // the reset a dead server leaves.
    try {
      InputStream in = new BufferedInputStream(client.getInputStream());
      OutputStream out = new BufferedOutputStream(server.getOutputStream());
      SqlWire.Reader reader = wire.reader(in);
      for (SqlWire.Message message = reader.next(); message != null; message = reader.next()) {
        for (String sql : message.runs()) {
          switch (SqlWire.Verb.of(sql)) {
            case COMMIT -> {
              List<String> committed = List.copyOf(transaction);
              transaction.clear();
              LostCommit fault = armed.get();
              if (fault != null && fault.takes(committed) && armed.compareAndSet(fault, null)) {
                // From the COMMIT on, nothing the server says reaches the client: PostgreSQL may
                // commit on the Execute, before the Sync that makes the client wait.
                fault.committed = committed;
                link.answered = new CountDownLatch(1);
                losing = fault;
              }
            }
            case BEGIN, ROLLBACK -> transaction.clear();
            case OTHER -> transaction.add(sql);
          }
        }
        out.write(message.bytes());
        if (in.available() == 0 || message.awaitsAnswer()) {
          // What the client sent together goes on together.
          out.flush();
        }
        if (losing != null && message.awaitsAnswer()) {
          // Answered, the server has committed; the client is reset below without the answer.
          link.answered.await(COMMIT_ANSWER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
          if (losing.cuts) {
            cut();
          }
          losing.fired.countDown();
          return;
        }
      }
    } catch (IOException e) {
      // One side went away (or the proxy was cut): close both.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      open.remove(client);
      open.remove(server);
      reset(client);
      reset(server);
    }
  }

  /** Server to client, as they come, unless the answer is a lost COMMIT's. */
  private void pumpAnswers(Socket server, Socket client, Link link) {
    byte[] buffer = new byte[16 * 1024];
    boolean lost = false;
    try {
      InputStream in = server.getInputStream();
      OutputStream out = client.getOutputStream();
      for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
        CountDownLatch answered = link.answered;
        if (answered != null) {
          // The other pump resets both connections once it has noted the lost COMMIT.
          lost = true;
          answered.countDown();
          return;
        }
        out.write(buffer, 0, read);
        out.flush();
      }
    } catch (IOException e) {
      // One side went away (or the proxy was cut): close both.
    } finally {
      if (!lost) {
        CountDownLatch answered = link.answered;
        if (answered != null) {
          answered.countDown();
        }
        open.remove(server);
        open.remove(client);
        reset(server);
        reset(client);
      }
    }
  }

  private void pump(Socket from, Socket to) {
    byte[] buffer = new byte[16 * 1024];
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
        out.write(buffer, 0, read);
        out.flush();
      }
    } catch (IOException e) {
      // One side went away (or the proxy was cut): close both.
    } finally {
      open.remove(from);
      open.remove(to);
      reset(from);
      reset(to);
    }
  }

  /** Closes with a reset (no lingering), the way a dead server's port answers. */
  private static void reset(Socket socket) {
    try {
      socket.setSoLinger(true, 0);
    } catch (IOException e) {
      // Already closed.
    }
    closeQuietly(socket);
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Nothing to do.
    }
  }

  @Override
  public String toString() {
    return "TcpProxy[" + name + " :" + port() + " -> " + targetHost + ":" + targetPort + "]";
  }
}
