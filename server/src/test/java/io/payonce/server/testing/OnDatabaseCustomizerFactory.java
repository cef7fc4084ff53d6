package io.payonce.server.testing;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;

/**
 * Adds the datasource properties of a test class's {@link OnDatabase}, and what each test JVM keeps
 * to itself (see {@code forkProperties}). Being a record, the customizer is part of the context
 * cache key: one application context per database.
 *
 * <p>A class whose context will be closed ({@link DirtiesContext}) gets an H2 database of its own:
 * closing a context closes its in-memory H2 database, which must not be the one that the cached
 * contexts of other classes still use. A class {@link ThroughDatabaseProxy} reaches its database
 * through the JVM's proxy in front of it, registered as the bean {@code databaseProxy}.
 */
class OnDatabaseCustomizerFactory implements ContextCustomizerFactory {

  @Override
  public ContextCustomizer createContextCustomizer(
      Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
    OnDatabase onDatabase = AnnotatedElementUtils.findMergedAnnotation(testClass, OnDatabase.class);
    TestDatabase database = onDatabase == null ? TestDatabase.H2 : onDatabase.value();
    boolean ownH2 =
        database == TestDatabase.H2
            && AnnotatedElementUtils.hasAnnotation(testClass, DirtiesContext.class);
    boolean throughProxy =
        AnnotatedElementUtils.hasAnnotation(testClass, ThroughDatabaseProxy.class);
    return new DatasourceCustomizer(
        database, ownH2 ? testClass.getSimpleName() : null, throughProxy);
  }

  private record DatasourceCustomizer(TestDatabase database, String ownH2Name, boolean throughProxy)
      implements ContextCustomizer {

    @Override
    public void customizeContext(
        org.springframework.context.ConfigurableApplicationContext context,
        org.springframework.test.context.MergedContextConfiguration config) {
      Map<String, Object> properties = new HashMap<>(database.properties());
      properties.putAll(forkProperties());
      if (ownH2Name != null) {
        properties.put(
            "spring.datasource.url",
            "jdbc:h2:mem:payonce-test-" + ownH2Name + ";DB_CLOSE_DELAY=-1");
      }
      if (throughProxy) {
        properties.put("spring.datasource.url", DatabaseProxies.url(database));
        // The same database as the other contexts': cleaned once, as theirs (CleanMigrateStrategy).
        properties.put(CleanMigrateStrategy.DATABASE_URL, database.url());
        context.getBeanFactory().registerSingleton("databaseProxy", DatabaseProxies.of(database));
        // A fault is armed on "the next COMMIT of a transaction that ran X", on any connection of
        // the context. The janitors run the same statements on their own (settling payments and
        // refunds other classes left in this shared database) and could take a fault meant for the
        // test's request: CI once lost a janitor's COMMIT, and the request's payment stayed INIT
        // under its lease. The classes here ask the channel for its answer themselves.
        properties.put("payonce.janitor.enabled", "false");
        properties.put("payonce.refund.janitor-enabled", "false");
      }
      context
          .getEnvironment()
          .getPropertySources()
          .addFirst(new MapPropertySource("payonce-test-" + database, properties));
    }

    /**
     * What each test JVM keeps to itself: its RabbitMQ exchange, and Redis and RabbitMQ reached
     * through this JVM's proxies (which {@link ServerControl} cuts).
     */
    private static Map<String, Object> forkProperties() {
      return Map.of(
          "payonce.events.rabbit.exchange",
          "payonce.events." + TestDatabase.databaseName(),
          "spring.data.redis.host",
          "127.0.0.1",
          "spring.data.redis.port",
          ServerControl.port(TestServer.REDIS),
          "spring.rabbitmq.host",
          "127.0.0.1",
          "spring.rabbitmq.port",
          ServerControl.port(TestServer.RABBITMQ));
    }
  }
}
