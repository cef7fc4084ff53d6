package io.payonce.server.testing;

import java.util.List;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;

/**
 * Adds the datasource properties of a test class's {@link OnDatabase}. Being a record, the
 * customizer is part of the context cache key: one application context per database.
 */
class OnDatabaseCustomizerFactory implements ContextCustomizerFactory {

  @Override
  public ContextCustomizer createContextCustomizer(
      Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
    OnDatabase onDatabase = AnnotatedElementUtils.findMergedAnnotation(testClass, OnDatabase.class);
    return new DatasourceCustomizer(onDatabase == null ? TestDatabase.H2 : onDatabase.value());
  }

  private record DatasourceCustomizer(TestDatabase database) implements ContextCustomizer {

    @Override
    public void customizeContext(
        org.springframework.context.ConfigurableApplicationContext context,
        org.springframework.test.context.MergedContextConfiguration config) {
      context
          .getEnvironment()
          .getPropertySources()
          .addFirst(new MapPropertySource("payonce-test-" + database, database.properties()));
    }
  }
}
