package io.payonce.chaos.cluster;

import io.payonce.chaos.events.RabbitConsumer;
import io.payonce.chaos.http.ApiSigner;
import io.payonce.chaos.http.JsonHttp;
import io.payonce.chaos.report.Timeline;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * The system under test: a recreated database, a standalone sandbox (its own JVM and data
 * directory), N PayOnce instances (each its own JVM, same database, keys, gateway and notify URL)
 * and the load balancer in front of them — the notify URL is the load balancer's, as in production.
 * An instance that dies by itself is restarted; crash points are armed only while asked.
 */
public final class Cluster implements AutoCloseable {

  private static final Duration START_TIMEOUT = Duration.ofMinutes(4);

  private final ClusterSpec spec;
  private final Timeline timeline;
  private final List<Instance> instances = new ArrayList<>();
  private final ScheduledExecutorService restarter =
      Executors.newScheduledThreadPool(2, LoadBalancer.daemon("restarter"));
  private final int sandboxPort = Ports.free();
  private Process sandboxProcess;
  private SandboxClient sandbox;
  private LoadBalancer lb;
  private MerchantKeys keys;
  private String platformKey;
  private WechatMerchantKeys wechatKeys;
  private JsonNode wechatPlatformKey;
  private volatile boolean armed;
  private volatile boolean stopping;

  public Cluster(ClusterSpec spec, Timeline timeline) {
    this.spec = spec;
    this.timeline = timeline;
  }

  /** Recreates the database, starts the sandbox, registers the merchant, starts every instance. */
  public void start(boolean armCrashPoints) throws IOException, SQLException {
    this.armed = armCrashPoints;
    spec.db().recreate();
    timeline.point("cluster", spec.db().label() + " database " + Database.NAME + " recreated");
    startSandbox();
    keys = MerchantKeys.generate();
    platformKey = sandbox.platformKey();
    sandbox.registerApp(MerchantKeys.APP_ID, keys.publicKeyBase64(), MerchantKeys.SELLER_ID);
    List<Integer> ports = new ArrayList<>();
    for (int i = 1; i <= spec.instances(); i++) {
      int port = Ports.free();
      ports.add(port);
      int number = i;
      instances.add(
          new Instance(
              number,
              port,
              spec.heap(),
              spec.serverJar(),
              spec.workDir().resolve(name(number) + ".log"),
              launch(number, port),
              timeline,
              this::crashed));
    }
    lb =
        new LoadBalancer(
            0, instances.stream().map(Instance::base).toList(), Duration.ofSeconds(20));
    timeline.point("cluster", "load balancer on " + lb.base() + " for " + ports);
    wechatKeys = WechatMerchantKeys.generate();
    wechatPlatformKey = sandbox.wechatPlatformKey();
    sandbox.registerWechatMerchant(
        wechatKeys.registration(
            lb.base() + "/pay/wechat/notify", lb.base() + "/api/pay/callback/wechat"));
    // The first instance migrates the schema alone; the others start together after it.
    startAndAwait(instances.get(0));
    List<CompletableFuture<Void>> rest = new ArrayList<>();
    for (Instance instance : instances.subList(1, instances.size())) {
      rest.add(CompletableFuture.runAsync(() -> startAndAwait(instance)));
    }
    rest.forEach(CompletableFuture::join);
  }

  public List<Instance> instances() {
    return List.copyOf(instances);
  }

  public Instance instance(int index) {
    return instances.get(index);
  }

  public SandboxClient sandbox() {
    return sandbox;
  }

  public LoadBalancer loadBalancer() {
    return lb;
  }

  public ClusterSpec spec() {
    return spec;
  }

  /** Whether instances started from now on arm their crash points. */
  public void armCrashPoints(boolean arm) {
    this.armed = arm;
  }

  /** kill -9 now and a restart after {@code downFor}. */
  public void killAndRestart(Instance instance, Duration downFor) {
    instance.kill();
    restartLater(instance, downFor);
  }

  /** Starts every instance that is down and waits until all answer (after the faults). */
  public void reviveAll() {
    List<CompletableFuture<Void>> started = new ArrayList<>();
    for (Instance instance : instances) {
      instance.resume();
      if (instance.state() == Instance.State.DOWN) {
        started.add(CompletableFuture.runAsync(() -> startAndAwait(instance)));
      }
    }
    started.forEach(CompletableFuture::join);
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    for (Instance instance : instances) {
      while (instance.state() != Instance.State.UP && System.nanoTime() < deadline) {
        Instance.pause(Duration.ofMillis(500));
      }
    }
  }

  private void crashed(Instance instance) {
    restartLater(instance, Duration.ofSeconds(1));
  }

  private void restartLater(Instance instance, Duration delay) {
    if (stopping) {
      return;
    }
    restarter.schedule(() -> startAndAwait(instance), delay.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void startAndAwait(Instance instance) {
    if (stopping || instance.state() != Instance.State.DOWN) {
      return;
    }
    long started = System.nanoTime();
    instance.launch(armed);
    if (instance.awaitReady(START_TIMEOUT)) {
      timeline.point(
          instance.name(),
          "up (incarnation "
              + instance.incarnation()
              + ", "
              + (System.nanoTime() - started) / 1_000_000
              + " ms"
              + (armed && spec.crashRate() > 0 ? ", crash points armed" : "")
              + ")");
    } else if (!stopping && instance.state() == Instance.State.STARTING) {
      timeline.point(instance.name(), "did not get ready; killing it to start again");
      instance.kill();
      restartLater(instance, Duration.ofSeconds(2));
    }
  }

  private Instance.Launch launch(int number, int port) {
    return new Instance.Launch() {
      @Override
      public List<String> args(int incarnation, boolean armCrashPoints) {
        return instanceArgs(number, port, incarnation, armCrashPoints);
      }

      @Override
      public Map<String, String> env() {
        return instanceEnv();
      }
    };
  }

  private List<String> instanceArgs(int number, int port, int incarnation, boolean arm) {
    List<String> args = new ArrayList<>();
    args.add("--spring.profiles.active=chaos");
    args.add("--spring.main.banner-mode=off");
    args.add("--server.port=" + port);
    args.add("--server.address=127.0.0.1");
    args.add("--server.shutdown=immediate");
    args.add("--spring.datasource.url=" + spec.db().instanceUrl("payonce-" + name(number)));
    args.add("--spring.datasource.username=" + spec.db().user());
    args.add("--spring.datasource.hikari.maximum-pool-size=8");
    if (spec.db() == Database.PATRONI) {
      // docs/operations.md's settings for the cluster: wait for a connection at most 3 s during
      // a failover, then answer 503; find broken connections and replace them.
      args.add("--spring.datasource.hikari.connection-timeout=3000");
      args.add("--spring.datasource.hikari.validation-timeout=2000");
      args.add("--spring.datasource.hikari.keepalive-time=30000");
    } else {
      args.add("--spring.datasource.hikari.connection-timeout=5000");
    }
    args.add("--payonce.sandbox.enabled=false");
    args.add("--payonce.apps.master-key=" + ApiSigner.MASTER_KEY);
    args.add("--payonce.apps.bootstrap.id=" + ApiSigner.APP_ID);
    args.add("--payonce.apps.bootstrap.secret=" + ApiSigner.SECRET);
    args.add("--payonce.alipay.app-id=" + MerchantKeys.APP_ID);
    args.add("--payonce.alipay.seller-id=" + MerchantKeys.SELLER_ID);
    args.add("--payonce.alipay.gateway-url=" + sandbox.base() + "/sandbox/alipay/gateway.do");
    args.add("--payonce.alipay.notify-url=" + lb.base() + "/pay/alipay/notify");
    args.add("--payonce.wechat.enabled=true");
    args.add("--payonce.wechat.mchid=" + WechatMerchantKeys.MCHID);
    args.add("--payonce.wechat.appid=" + WechatMerchantKeys.APPID);
    args.add("--payonce.wechat.app-appid=" + WechatMerchantKeys.APP_APPID);
    args.add("--payonce.wechat.mini-program-appid=" + WechatMerchantKeys.MINI_PROGRAM_APPID);
    args.add("--payonce.wechat.api-base-url=" + sandbox.base() + "/sandbox/wechat");
    args.add("--payonce.wechat.notify-url=" + lb.base() + "/pay/wechat/notify");
    args.add("--payonce.wechat.v2-notify-url=" + lb.base() + "/api/pay/callback/wechat");
    args.add("--payonce.wechat.merchant-serial-number=" + wechatKeys.serialNumber());
    args.add(
        "--payonce.wechat.platform-public-key-id="
            + wechatPlatformKey.path("publicKeyId").asString());
    args.add("--payonce.reconcile.cron=-");
    args.add("--logging.level.root=WARN");
    args.add("--logging.level.io.payonce=INFO");
    args.add("--logging.level.org.mariadb.jdbc=ERROR");
    args.addAll(spec.timings().serverArgs());
    if (spec.redis()) {
      args.add("--payonce.redis.enabled=true");
      args.add("--spring.data.redis.host=127.0.0.1");
      args.add("--spring.data.redis.port=" + spec.redisPort());
    }
    if (spec.rabbitmq()) {
      args.add("--payonce.events.rabbit.enabled=true");
      args.add("--spring.rabbitmq.host=127.0.0.1");
      args.add("--spring.rabbitmq.port=" + spec.rabbitMqPort());
      args.add("--payonce.events.rabbit.exchange=" + RabbitConsumer.EXCHANGE);
    } else if (spec.webhookUrl() != null) {
      args.add("--payonce.events.webhook.url=" + spec.webhookUrl());
      args.add("--payonce.webhooks.timeout=3s");
      // An instance killed mid-POST leaves its deliveries leased: 10 s, not 60, before another
      // instance takes them over, well inside the run's convergence wait.
      args.add("--payonce.webhooks.lease=10s");
      // A run lasts minutes: retries every few seconds (the production schedule waits up to 12 h),
      // for long enough that a refusal window never parks a delivery.
      args.add(
          "--payonce.webhooks.retry-schedule=1s,2s,4s,8s,15s,30s,30s,30s,30s,30s,30s,30s,30s,30s,"
              + "30s,30s,30s,30s,30s,30s,30s,30s,30s,30s,30s,30s,30s,30s,30s,30s");
    }
    if (arm && spec.crashRate() > 0) {
      StringBuilder points = new StringBuilder();
      for (String point : ClusterSpec.CRASH_POINTS) {
        points
            .append(points.isEmpty() ? "" : ",")
            .append(point)
            .append('=')
            .append(spec.crashRate());
      }
      args.add("--payonce.chaos.crash-points=" + points);
    }
    if (arm && spec.stallRate() > 0) {
      args.add(
          "--payonce.chaos.stall-points=after-init-commit="
              + spec.stallRate()
              + ",after-channel-answer="
              + spec.stallRate());
      args.add("--payonce.chaos.stall-for=3s");
    }
    if (arm && (spec.crashRate() > 0 || spec.stallRate() > 0)) {
      args.add(
          "--payonce.chaos.seed=" + (spec.seed() * 1_000_003L + number * 1_000L + incarnation));
    }
    long skew = skewMillis(number);
    if (skew != 0) {
      args.add("--payonce.chaos.clock-skew=" + skew + "ms");
    }
    return args;
  }

  /** This instance's clock skew in milliseconds: seeded, the same for every incarnation. */
  public long skewMillis(int number) {
    if (!spec.skewClocks()) {
      return 0;
    }
    long bound = spec.timings().maxSkew().toMillis();
    return new SplittableRandom(spec.seed() * 31 + number).nextLong(-bound, bound + 1);
  }

  /** Secrets travel in the environment (SPRING_APPLICATION_JSON), never on a command line. */
  private Map<String, String> instanceEnv() {
    Map<String, Object> secrets = new LinkedHashMap<>();
    secrets.put("payonce.alipay.private-key", keys.privateKeyBase64());
    secrets.put("payonce.alipay.alipay-public-key", platformKey);
    secrets.put("payonce.wechat.merchant-private-key", wechatKeys.privateKeyBase64());
    secrets.put("payonce.wechat.api-v3-key", wechatKeys.apiV3Key());
    secrets.put("payonce.wechat.v2-key", wechatKeys.v2Key());
    secrets.put(
        "payonce.wechat.platform-public-key", wechatPlatformKey.path("publicKeyPem").asString());
    secrets.put("spring.datasource.password", spec.db().password());
    if (!spec.rabbitmq() && spec.webhookUrl() != null) {
      secrets.put("payonce.events.webhook.secret", spec.webhookSecret());
    }
    return Map.of("SPRING_APPLICATION_JSON", JsonHttp.write(secrets));
  }

  private void startSandbox() throws IOException {
    Path data = spec.workDir().resolve("sandbox");
    List<String> args =
        List.of(
            "--server.port=" + sandboxPort,
            "--server.address=127.0.0.1",
            "--spring.main.banner-mode=off",
            "--payonce.sandbox.data-dir=" + data,
            "--payonce.sandbox.alipay.notify.time-scale=0.005",
            "--payonce.sandbox.alipay.notify.reply-timeout=PT5S",
            "--payonce.sandbox.wechat.notify.reply-timeout=PT5S",
            "--payonce.sandbox.alipay.barcode-confirm-after="
                + spec.timings().barcodeConfirmAfter(),
            "--logging.level.root=WARN");
    sandboxProcess =
        Jvm.start(
            spec.heap(),
            spec.sandboxJar(),
            args,
            Map.of(),
            spec.workDir().resolve("sandbox.log"),
            "sandbox");
    sandbox = new SandboxClient("http://127.0.0.1:" + sandboxPort);
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (!sandbox.ready()) {
      if (!sandboxProcess.isAlive() || System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the sandbox did not start; see " + spec.workDir().resolve("sandbox.log"));
      }
      Instance.pause(Duration.ofMillis(500));
    }
    timeline.point("sandbox", "up on " + sandbox.base());
  }

  public boolean sandboxAlive() {
    return sandboxProcess != null && sandboxProcess.isAlive();
  }

  private static String name(int number) {
    return "instance-" + number;
  }

  @Override
  public void close() {
    stopping = true;
    restarter.shutdownNow();
    for (Instance instance : instances) {
      instance.kill();
    }
    if (lb != null) {
      lb.close();
    }
    if (sandboxProcess != null) {
      sandboxProcess.destroyForcibly();
      try {
        sandboxProcess.waitFor(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
