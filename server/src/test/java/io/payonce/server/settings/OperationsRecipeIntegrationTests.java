package io.payonce.server.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.PayOnceApplication;
import io.payonce.server.testing.LocalSandbox;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.TestDatabase;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * docs/operations.md as a new operator runs it: step 1's SQL, step 3's sandbox command and step 4's
 * exports and instance commands are read from the page itself and run as written — the production
 * profile, with nothing but the recipe's settings — on MariaDB and on PostgreSQL. Only what a
 * machine decides is changed: the ports, the database's and its user's name (another build may run
 * the recipe at the same time), and the files the recipe's {@code $(cat …)} read. Then an app is
 * added and an order paid through the second instance, its notify reaching the first.
 */
class OperationsRecipeIntegrationTests {

  private static final Path RECIPE = Path.of("..", "docs", "operations.md");
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Pattern EXPORT = Pattern.compile("([A-Z_]+)=(\"[^\"]*\"|\\S+)");

  @TempDir Path data;

  private final List<AutoCloseable> running = new ArrayList<>();
  private Runnable dropDatabase = () -> {};

  @AfterEach
  void stop() throws Exception {
    for (int i = running.size() - 1; i >= 0; i--) {
      running.get(i).close();
    }
    dropDatabase.run();
  }

  @ParameterizedTest
  @EnumSource(
      value = TestDatabase.class,
      names = {"MARIADB", "POSTGRES"})
  void theRecipeStartsTwoInstancesThatTakeAPayment(TestDatabase database) throws Exception {
    String recipe = Files.readString(RECIPE);
    String name = "recipe_" + HexFormat.of().formatHex(random(4));
    createDatabase(database, sql(recipe, database), name);
    KeyPair merchant = rsa();
    Map<String, String> files = new LinkedHashMap<>();
    files.put("merchant-private-key.txt", base64(merchant.getPrivate().getEncoded()));
    files.put("merchant-public-key.txt", base64(merchant.getPublic().getEncoded()));
    files.put("master-key.txt", base64(random(32)));

    LocalSandbox sandbox =
        LocalSandbox.start(
            data.resolve("sandbox"),
            shellArguments(block(recipe, "## 3."), files).stream()
                .filter(arg -> !arg.startsWith("--server.port="))
                .toArray(String[]::new));
    running.add(sandbox);
    files.put("alipay-public-key.txt", platformKey(sandbox));
    int[] ports = {LocalSandbox.freePort(), LocalSandbox.freePort()};
    Map<String, Object> env =
        exports(block(recipe, "## 4."), files, sandbox.port(), ports[0], database, name);

    ConfigurableApplicationContext first = instance(env, "payonce-1", ports[0]);
    ConfigurableApplicationContext second = instance(env, "payonce-2", ports[1]);

    assertThat(first.getEnvironment().getActiveProfiles()).containsExactly("prod");
    for (int port : ports) {
      Answer health = new PayOnceHttp(port).get("http://127.0.0.1:" + port + "/actuator/health");
      assertThat(health.text("status")).as("health of :" + port).isEqualTo("UP");
    }
    PayOnceHttp viaSecond = appOf(ports[1], sandbox, (String) env.get("PAYONCE_OPS_PASSWORD"));
    String orderNo = viaSecond.createOrder("7.70");
    Answer qr = viaSecond.precreate(orderNo);
    assertThat(qr.status()).as(qr.body()).isEqualTo(200);
    assertThat(viaSecond.walletPay(qr.text("qrCode")).status()).isEqualTo(200);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "PAID".equals(viaSecond.orderStatus(orderNo)));
    assertThat(second.isActive()).isTrue();
  }

  /** A new app with its own Alipay account (registered with the sandbox), signing as it. */
  private PayOnceHttp appOf(int port, LocalSandbox sandbox, String opsPassword) throws Exception {
    String base = "http://127.0.0.1:" + port;
    String basic = "Basic " + base64(("ops:" + opsPassword).getBytes(StandardCharsets.UTF_8));
    JsonNode app = ops(base + "/ops/api/apps", "POST", basic, "{\"name\":\"Recipe shop\"}");
    KeyPair own = rsa();
    String alipayAppId = "20210000" + (10000000 + new SecureRandom().nextInt(89999999));
    post(
        sandbox.base() + "/sandbox/alipay/apps",
        "{\"appId\":\""
            + alipayAppId
            + "\",\"publicKey\":\""
            + base64(own.getPublic().getEncoded())
            + "\"}");
    ops(
        base + "/ops/api/apps/" + app.path("appId").asString() + "/channels/alipay",
        "PUT",
        basic,
        "{\"appId\":\""
            + alipayAppId
            + "\",\"privateKey\":\""
            + base64(own.getPrivate().getEncoded())
            + "\",\"alipayPublicKey\":\""
            + platformKey(sandbox)
            + "\"}");
    return new PayOnceHttp(base, sandbox.base())
        .as(app.path("appId").asString(), app.path("secret").asString());
  }

  private ConfigurableApplicationContext instance(
      Map<String, Object> recipeEnvironment, String instanceId, int port) {
    Map<String, Object> env = new LinkedHashMap<>(recipeEnvironment);
    env.put("PAYONCE_RECONCILE_INSTANCE_ID", instanceId);
    StandardEnvironment environment = new StandardEnvironment();
    environment
        .getPropertySources()
        .addFirst(new SystemEnvironmentPropertySource("the recipe's exports", env));
    ConfigurableApplicationContext context =
        new SpringApplicationBuilder(PayOnceApplication.class)
            .environment(environment)
            .run("--server.port=" + port, "--server.shutdown=immediate");
    running.add(context::close);
    assertThat(((WebServerApplicationContext) context).getWebServer().getPort()).isEqualTo(port);
    return context;
  }

  /** Step 4's exports, with this machine's ports, database and files. */
  private static Map<String, Object> exports(
      String block,
      Map<String, String> files,
      int sandboxPort,
      int loadBalancerPort,
      TestDatabase database,
      String name) {
    Map<String, Object> env = new LinkedHashMap<>();
    for (String line : block.lines().toList()) {
      if (!line.startsWith("export ")) {
        continue;
      }
      String code = line.replaceFirst("\\s+#.*$", "");
      String comment = line.contains("#") ? line.substring(line.indexOf('#') + 1) : "";
      Matcher each = EXPORT.matcher(code.substring("export ".length()));
      while (each.find()) {
        String value = substitute(unquote(each.group(2)), files);
        if (each.group(1).equals("SPRING_DATASOURCE_URL")) {
          value =
              database == TestDatabase.POSTGRES
                  ? comment.replaceAll(".*or\\s+", "").strip()
                  : value;
          value = onThisMachine(value, database, name);
        }
        if (each.group(1).equals("SPRING_DATASOURCE_USERNAME")) {
          value = name;
        }
        value =
            value
                .replace("127.0.0.1:8090", "127.0.0.1:" + sandboxPort)
                .replace("127.0.0.1:8080", "127.0.0.1:" + loadBalancerPort);
        env.put(each.group(1), value);
      }
    }
    assertThat(env).containsKeys("SPRING_PROFILES_ACTIVE", "PAYONCE_APPS_MASTER_KEY");
    return env;
  }

  /** The recipe's database URL, at this machine's server for the database, under our name. */
  private static String onThisMachine(String recipeUrl, TestDatabase database, String name) {
    URI ours = URI.create(database.url().substring("jdbc:".length()));
    URI theirs = URI.create(recipeUrl.substring("jdbc:".length()));
    assertThat(theirs.getScheme()).isEqualTo(ours.getScheme());
    return "jdbc:" + ours.getScheme() + "://" + ours.getAuthority() + "/" + name;
  }

  /** Step 1's statements for one database, under our name. */
  private static List<String> sql(String recipe, TestDatabase database) {
    String block = between(recipe, "```sql", "```");
    String marker = database == TestDatabase.POSTGRES ? "-- PostgreSQL" : "-- MariaDB";
    List<String> statements = new ArrayList<>();
    boolean mine = false;
    for (String line : block.lines().toList()) {
      if (line.startsWith("--")) {
        mine = line.startsWith(marker);
      } else if (mine && !line.isBlank()) {
        statements.add(line.replaceFirst(";\\s*$", ""));
      }
    }
    assertThat(statements).isNotEmpty();
    return statements;
  }

  private void createDatabase(TestDatabase database, List<String> statements, String name)
      throws Exception {
    String admin =
        database == TestDatabase.POSTGRES
            ? database.url().replaceFirst("/[^/?]+(\\?|$)", "/postgres$1")
            : database.url().replaceFirst("/[^/?]+(\\?|$)", "/$1");
    try (Connection c =
            DriverManager.getConnection(admin, database.username(), database.password());
        Statement s = c.createStatement()) {
      for (String statement : statements) {
        s.execute(statement.replaceAll("\\bpayonce\\b", name));
      }
    }
    dropDatabase =
        () -> {
          try (Connection c =
                  DriverManager.getConnection(admin, database.username(), database.password());
              Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name);
            s.execute(
                database == TestDatabase.POSTGRES
                    ? "DROP USER IF EXISTS " + name
                    : "DROP USER IF EXISTS '" + name + "'@'%'");
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        };
  }

  /** The arguments of a block's {@code java -jar} command, the shell's quoting undone. */
  private static List<String> shellArguments(String block, Map<String, String> files) {
    String command = block.replace("\\\n", " ");
    List<String> args = new ArrayList<>();
    Matcher each = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(--\\S+)").matcher(command);
    while (each.find()) {
      String arg =
          each.group(1) != null
              ? each.group(1)
              : each.group(2) != null ? each.group(2) : each.group(3);
      if (arg.startsWith("--")) {
        args.add(each.group(1) != null ? arg : substitute(arg, files));
      }
    }
    assertThat(args).isNotEmpty();
    return args;
  }

  private static String substitute(String value, Map<String, String> files) {
    Matcher cat = Pattern.compile("\\$\\(cat ([^)]+)\\)").matcher(value);
    StringBuilder out = new StringBuilder();
    while (cat.find()) {
      String file = files.get(cat.group(1));
      assertThat(file).as("the recipe reads %s, which it made", cat.group(1)).isNotNull();
      cat.appendReplacement(out, Matcher.quoteReplacement(file));
    }
    cat.appendTail(out);
    assertThat(out.toString()).as("nothing else is left to the shell").doesNotContain("$");
    return out.toString();
  }

  private static String unquote(String value) {
    return value.startsWith("\"") ? value.substring(1, value.length() - 1) : value;
  }

  /** The first bash block of the section whose heading starts with {@code heading}. */
  private static String block(String recipe, String heading) {
    int section = recipe.indexOf("\n" + heading);
    assertThat(section).as("docs/operations.md has %s", heading).isPositive();
    return between(recipe.substring(section), "```bash", "```");
  }

  private static String between(String text, String open, String close) {
    int start = text.indexOf(open) + open.length();
    return text.substring(start, text.indexOf(close, start));
  }

  private static String platformKey(LocalSandbox sandbox) throws Exception {
    return JSON.readTree(get(sandbox.base() + "/sandbox/alipay/platform-key"))
        .path("publicKey")
        .asString();
  }

  private static JsonNode ops(String url, String method, String basic, String body)
      throws Exception {
    HttpResponse<String> answer =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url))
                    .header("Authorization", basic)
                    .header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode())
        .as(method + " " + url + ": " + answer.body())
        .isBetween(200, 299);
    return JSON.readTree(answer.body());
  }

  private static void post(String url, String body) throws IOException, InterruptedException {
    HttpResponse<String> answer =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).as(url + ": " + answer.body()).isBetween(200, 299);
  }

  private static String get(String url) throws IOException, InterruptedException {
    return HttpClient.newHttpClient()
        .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private static KeyPair rsa() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    return generator.generateKeyPair();
  }

  private static byte[] random(int n) {
    byte[] bytes = new byte[n];
    new SecureRandom().nextBytes(bytes);
    return bytes;
  }

  private static String base64(byte[] bytes) {
    return Base64.getEncoder().encodeToString(bytes);
  }
}
