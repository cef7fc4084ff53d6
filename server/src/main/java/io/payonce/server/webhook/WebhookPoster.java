package io.payonce.server.webhook;

import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * POSTs one delivery's body, signed with its app's webhook secret, and says how it went: status or
 * failure, and latency. Redirects are not followed (a 3xx is a failure): the destination is the URL
 * the merchant gave, not one its server points elsewhere, which also keeps a redirect from leading
 * the request into our own network. No transaction is open here.
 *
 * <p>Apache HttpClient 5 classic: the POST runs on the caller's thread (the dispatcher's pool) over
 * a pooled keep-alive connection ({@code concurrency} in all, also per host: apps sharing a host do
 * not wait on each other's connections). No automatic retries (a retry would POST again without an
 * attempt row), no cookies. The connect, the wait for a pooled connection and each read are bounded
 * by {@code timeout}; the whole exchange (a receiver that drips its answer a byte at a time
 * included) by a deadline of {@code timeout}, enforced by a sweep every tenth of it that closes the
 * connection of an overdue POST. The response body is read and dropped, so the connection is
 * reused. The addresses a name resolves to when connecting are checked against {@link NotifyUrls}'
 * rule as well.
 */
@Component
class WebhookPoster {

  static final String USER_AGENT = "PayOnce-Webhooks/1";
  static final String DEADLINE_EXCEEDED = "deadline exceeded";
  private static final int MAX_FAILURE = 256;
  // No charset parameter: the header as it always was, "application/json" (UTF-8 by definition).
  private static final ContentType JSON = ContentType.create("application/json");

  private final NotifyUrls urls;
  private final Clock clock;
  private final long timeoutNanos;
  private final CloseableHttpClient http;
  private final Map<HttpPost, Long> inFlight = new ConcurrentHashMap<>();
  private final Map<HttpPost, Boolean> overdue = new ConcurrentHashMap<>();
  private final ScheduledExecutorService sweeper;

  @Autowired
  WebhookPoster(WebhookProperties props, NotifyUrls urls, Clock clock) {
    this(props, urls, clock, SystemDefaultDnsResolver.INSTANCE);
  }

  /** With {@code dns} in place of the system's resolver (tests: a name that changes its answer). */
  WebhookPoster(WebhookProperties props, NotifyUrls urls, Clock clock, DnsResolver dns) {
    this.urls = urls;
    this.clock = clock;
    Duration timeout = props.timeout();
    this.timeoutNanos = timeout.toNanos();
    Timeout each = Timeout.of(timeout);
    this.http =
        HttpClients.custom()
            .setConnectionManager(
                PoolingHttpClientConnectionManagerBuilder.create()
                    .setMaxConnTotal(props.concurrency())
                    // Per host too: apps that share a receiver's host must not wait on each
                    // other's connections (the dispatcher already holds each app to its share).
                    .setMaxConnPerRoute(props.concurrency())
                    .setDefaultConnectionConfig(
                        ConnectionConfig.custom()
                            .setConnectTimeout(each)
                            .setSocketTimeout(each)
                            // A kept-alive connection idle for a second is checked before reuse:
                            // one the receiver closed meanwhile is replaced, not failed on.
                            .setValidateAfterInactivity(TimeValue.ofSeconds(1))
                            .build())
                    .setDnsResolver(new CheckedResolver(dns, urls))
                    .build())
            .setDefaultRequestConfig(
                RequestConfig.custom()
                    .setConnectionRequestTimeout(each)
                    .setResponseTimeout(each)
                    .setRedirectsEnabled(false)
                    .build())
            .disableRedirectHandling()
            .disableAutomaticRetries()
            .disableCookieManagement()
            .disableAuthCaching()
            .disableContentCompression()
            .disableConnectionState()
            .setUserAgent(USER_AGENT)
            .build();
    long period = Math.max(TimeUnit.MILLISECONDS.toNanos(10), timeoutNanos / 10);
    this.sweeper =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread thread = new Thread(r, "webhook-deadline");
              thread.setDaemon(true);
              return thread;
            });
    sweeper.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.NANOSECONDS);
  }

  PostResult post(String url, String eventId, String body, String secret) {
    Instant startedAt = clock.instant();
    long started = System.nanoTime();
    Optional<String> refused = urls.problemBeforePost(url);
    if (refused.isPresent()) {
      return result(startedAt, started, null, "destination refused: " + refused.get());
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    HttpPost request;
    try {
      request = new HttpPost(URI.create(url));
    } catch (IllegalArgumentException e) {
      return result(startedAt, started, null, "destination refused: not a valid URL");
    }
    request.setHeader("User-Agent", USER_AGENT);
    request.setHeader(WebhookSignature.EVENT_ID_HEADER, eventId);
    request.setHeader(
        WebhookSignature.HEADER,
        WebhookSignature.header(secret, startedAt.getEpochSecond(), bytes));
    request.setEntity(new ByteArrayEntity(bytes, JSON));
    inFlight.put(request, started + timeoutNanos);
    try {
      int status =
          http.execute(
              request,
              response -> {
                EntityUtils.consume(response.getEntity());
                return response.getCode();
              });
      return result(startedAt, started, status, status / 100 == 2 ? null : "HTTP " + status);
    } catch (RefusedAddress e) {
      return result(startedAt, started, null, "destination refused: " + e.getMessage());
    } catch (IOException e) {
      String why =
          overdue.containsKey(request)
              ? DEADLINE_EXCEEDED
              : Thread.currentThread().isInterrupted()
                  ? "interrupted"
                  : e.getClass().getSimpleName();
      return result(startedAt, started, null, why);
    } finally {
      inFlight.remove(request);
      overdue.remove(request);
    }
  }

  /** Closes the connection of every POST past its deadline: its read fails at once. */
  private void sweep() {
    long now = System.nanoTime();
    inFlight.forEach(
        (request, deadline) -> {
          if (now - deadline >= 0 && overdue.putIfAbsent(request, Boolean.TRUE) == null) {
            request.cancel();
          }
        });
  }

  @PreDestroy
  void close() {
    sweeper.shutdownNow();
    http.close(CloseMode.GRACEFUL);
  }

  private static PostResult result(Instant startedAt, long started, Integer status, String why) {
    long latencyMs = (System.nanoTime() - started) / 1_000_000;
    String failure =
        why == null || why.length() <= MAX_FAILURE ? why : why.substring(0, MAX_FAILURE);
    return new PostResult(startedAt, latencyMs, status, failure);
  }

  /** A name whose addresses, when connecting, break {@link NotifyUrls}' rule. */
  static final class RefusedAddress extends UnknownHostException {
    RefusedAddress(String why) {
      super(why);
    }
  }

  /** Resolves with {@code dns}, then refuses addresses {@link NotifyUrls} would refuse. */
  private record CheckedResolver(DnsResolver dns, NotifyUrls urls) implements DnsResolver {
    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
      InetAddress[] addresses = dns.resolve(host);
      Optional<String> refused = urls.problemWith(addresses);
      if (refused.isPresent()) {
        throw new RefusedAddress(refused.get());
      }
      return addresses;
    }

    @Override
    public String resolveCanonicalHostname(String host) throws UnknownHostException {
      return dns.resolveCanonicalHostname(host);
    }
  }
}
