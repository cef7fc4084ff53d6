package io.payonce.server.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * What the HTTP client under {@link WebhookPoster} must and must not do, seen from a raw socket
 * receiver that counts connections and requests: no redirect followed, no second POST after a
 * reset, the whole exchange bounded by the timeout, one connection for consecutive POSTs, exactly
 * the headers of the protocol.
 */
class WebhookPosterHttpTests {

  private static final Duration TIMEOUT = Duration.ofSeconds(1);
  private static final String SECRET = "0123456789abcdef0123";

  private final WebhookProperties props = props(false);
  private final RawReceiver receiver = new RawReceiver();
  private WebhookPoster poster = new WebhookPoster(props, new NotifyUrls(false), Clock.systemUTC());

  @AfterEach
  void close() {
    poster.close();
    receiver.close();
  }

  @Test
  void aRedirectIsAFailureAndNotFollowed() {
    receiver.answer = "HTTP/1.1 302 Found\r\nLocation: /elsewhere\r\nContent-Length: 0\r\n\r\n";

    PostResult result = poster.post(receiver.url("/hook"), "evt_1", "{}", SECRET);

    assertThat(result.status()).isEqualTo(302);
    assertThat(result.failure()).isEqualTo("HTTP 302");
    assertThat(receiver.paths).containsExactly("/hook");
  }

  @Test
  void aConnectionResetAfterThePostWasSentIsNotRetried() {
    receiver.resetAfterRequest = true;

    PostResult result = poster.post(receiver.url("/hook"), "evt_1", "{}", SECRET);

    assertThat(result.succeeded()).isFalse();
    assertThat(result.status()).isNull();
    assertThat(result.failure()).isNotBlank();
    assertThat(receiver.paths).containsExactly("/hook");
    assertThat(receiver.connections.get()).isEqualTo(1);
  }

  @Test
  void aReceiverThatDripsItsAnswerIsCutOffAtTheTimeout() {
    // Each byte comes well within the read timeout; only the whole exchange's deadline stops it.
    receiver.dripEvery = Duration.ofMillis(100);

    PostResult result = poster.post(receiver.url("/hook"), "evt_1", "{}", SECRET);

    assertThat(result.succeeded()).isFalse();
    assertThat(result.failure()).isEqualTo(WebhookPoster.DEADLINE_EXCEEDED);
    assertThat(result.latencyMs()).isBetween(TIMEOUT.toMillis(), 2 * TIMEOUT.toMillis());
  }

  @Test
  void aReceiverThatNeverAnswersTimesOut() {
    receiver.silent = true;

    PostResult result = poster.post(receiver.url("/hook"), "evt_1", "{}", SECRET);

    assertThat(result.succeeded()).isFalse();
    assertThat(result.failure()).isIn("SocketTimeoutException", WebhookPoster.DEADLINE_EXCEEDED);
    assertThat(result.latencyMs()).isBetween(TIMEOUT.toMillis(), 2 * TIMEOUT.toMillis());
  }

  @Test
  void consecutivePostsToOneHostShareOneConnectionAndTheAnswersBodyIsDropped() {
    for (int i = 0; i < 5; i++) {
      PostResult result = poster.post(receiver.url("/hook"), "evt_" + i, "{}", SECRET);
      assertThat(result.status()).isEqualTo(200);
      assertThat(result.failure()).isNull();
    }

    assertThat(receiver.paths).hasSize(5);
    assertThat(receiver.connections.get()).isEqualTo(1);
  }

  @Test
  void theHeadersAreExactlyTheProtocols() {
    String body = "{\"type\":\"OrderPaid\",\"note\":\"支付\"}";

    PostResult result = poster.post(receiver.url("/hook?x=1"), "evt_42", body, SECRET);

    assertThat(result.status()).isEqualTo(200);
    Map<String, String> headers = receiver.headers.get(0);
    String signature = headers.get("payonce-signature");
    long t = Long.parseLong(signature.substring(2, signature.indexOf(',')));
    assertThat(headers)
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "connection",
                "keep-alive",
                "host",
                "127.0.0.1:" + receiver.port(),
                "content-type",
                "application/json",
                "content-length",
                String.valueOf(body.getBytes(StandardCharsets.UTF_8).length),
                "user-agent",
                WebhookPoster.USER_AGENT,
                "payonce-event-id",
                "evt_42",
                "payonce-signature",
                WebhookSignature.header(SECRET, t, body.getBytes(StandardCharsets.UTF_8))));
    assertThat(receiver.paths).containsExactly("/hook?x=1");
    assertThat(receiver.bodies).containsExactly(body);
  }

  @Test
  void aNameThatResolvesToARefusedAddressWhenConnectingIsRefused() {
    // The check before the POST sees a public address; the connect resolves the name to loopback
    // (a DNS answer that changed in between): with private addresses refused, nothing is sent.
    poster.close();
    poster =
        new WebhookPoster(
            props(true),
            new NotifyUrls(true),
            Clock.systemUTC(),
            new SystemDefaultDnsResolver() {
              @Override
              public InetAddress[] resolve(String host) throws java.net.UnknownHostException {
                return new InetAddress[] {InetAddress.getLoopbackAddress()};
              }
            });

    PostResult result =
        poster.post("http://93.184.215.14:" + receiver.port() + "/hook", "evt_1", "{}", SECRET);

    assertThat(result.status()).isNull();
    assertThat(result.failure()).startsWith("destination refused: ").contains("loopback");
    assertThat(receiver.connections.get()).isZero();
  }

  /** The defaults, with a 1 s timeout: bound as the server binds them. */
  private static WebhookProperties props(boolean refusePrivate) {
    return new Binder(
            new MapConfigurationPropertySource(
                Map.of(
                    "payonce.webhooks.timeout",
                    TIMEOUT.toMillis() + "ms",
                    "payonce.webhooks.refuse-private-addresses",
                    String.valueOf(refusePrivate))))
        .bindOrCreate("payonce.webhooks", WebhookProperties.class);
  }

  /** An HTTP/1.1 receiver on a raw socket: keep-alive, one thread per connection. */
  private static final class RawReceiver implements AutoCloseable {

    final AtomicInteger connections = new AtomicInteger();
    final List<String> paths = new CopyOnWriteArrayList<>();
    final List<String> bodies = new CopyOnWriteArrayList<>();
    final List<Map<String, String>> headers = new CopyOnWriteArrayList<>();
    volatile String answer = "HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\nthanks!";
    volatile boolean resetAfterRequest;
    volatile boolean silent;
    volatile Duration dripEvery;

    private final ServerSocket server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final ScheduledExecutorService drips = Executors.newSingleThreadScheduledExecutor();
    private final CountDownLatch closed = new CountDownLatch(1);

    RawReceiver() {
      try {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      threads.execute(this::accept);
    }

    int port() {
      return server.getLocalPort();
    }

    String url(String pathAndQuery) {
      return "http://127.0.0.1:" + port() + pathAndQuery;
    }

    private void accept() {
      while (!server.isClosed()) {
        try {
          Socket socket = server.accept();
          connections.incrementAndGet();
          threads.execute(() -> serve(socket));
        } catch (IOException e) {
          return;
        }
      }
    }

    private void serve(Socket socket) {
      try (socket) {
        InputStream in = socket.getInputStream();
        OutputStream out = socket.getOutputStream();
        while (true) {
          String head = readHead(in);
          if (head == null) {
            return;
          }
          String[] lines = head.split("\r\n");
          paths.add(lines[0].split(" ")[1]);
          Map<String, String> these = new LinkedHashMap<>();
          for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            these.put(
                lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                lines[i].substring(colon + 1).trim());
          }
          headers.add(these);
          byte[] body = in.readNBytes(Integer.parseInt(these.getOrDefault("content-length", "0")));
          bodies.add(new String(body, StandardCharsets.UTF_8));
          if (resetAfterRequest) {
            socket.setSoLinger(true, 0);
            return;
          }
          if (silent) {
            closed.await();
            return;
          }
          if (dripEvery != null) {
            drip(out);
            return;
          }
          out.write(answer.getBytes(StandardCharsets.US_ASCII));
          out.flush();
        }
      } catch (IOException | InterruptedException e) {
        // The client went away, or the receiver closed.
      }
    }

    // Headers at once, then one body byte every dripEvery, until the client hangs up.
    private void drip(OutputStream out) throws IOException, InterruptedException {
      out.write("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n".getBytes());
      out.flush();
      CountDownLatch gone = new CountDownLatch(1);
      long every = dripEvery.toMillis();
      var task =
          drips.scheduleAtFixedRate(
              () -> {
                try {
                  out.write('x');
                  out.flush();
                } catch (IOException e) {
                  gone.countDown();
                  throw new java.io.UncheckedIOException(e);
                }
              },
              every,
              every,
              TimeUnit.MILLISECONDS);
      gone.await(30, TimeUnit.SECONDS);
      task.cancel(true);
    }

    private static String readHead(InputStream in) throws IOException {
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      int b;
      while ((b = in.read()) != -1) {
        head.write(b);
        byte[] so = head.toByteArray();
        int n = so.length;
        if (n >= 4
            && so[n - 4] == '\r'
            && so[n - 3] == '\n'
            && so[n - 2] == '\r'
            && so[n - 1] == '\n') {
          return new String(so, 0, n - 4, StandardCharsets.ISO_8859_1);
        }
      }
      return null;
    }

    @Override
    public void close() {
      closed.countDown();
      try {
        server.close();
      } catch (IOException e) {
        // closing anyway
      }
      threads.shutdownNow();
      drips.shutdownNow();
    }
  }
}
