package io.payonce.server.settings;

import java.util.List;
import org.springframework.core.env.Environment;

/**
 * What one module cannot start without. Implementations are listed in {@code
 * META-INF/spring.factories} and asked before the application context exists, so they read the
 * environment only.
 */
public interface SettingsRequirement {

  /** The settings {@code environment} lacks, with what each is for; none when it has them all. */
  List<RequiredSetting> missingFrom(Environment environment);

  /**
   * Whether a property is set to something other than blank, as written: a placeholder ({@code
   * ${local.server.port}}) counts as set, since some resolve only once the server runs.
   */
  static boolean present(Environment environment, String property) {
    if (!(environment
        instanceof org.springframework.core.env.ConfigurableEnvironment configurable)) {
      String value = environment.getProperty(property);
      return value != null && !value.isBlank();
    }
    for (org.springframework.core.env.PropertySource<?> source :
        configurable.getPropertySources()) {
      Object value = source.getProperty(property);
      if (value != null && !value.toString().isBlank()) {
        return true;
      }
    }
    return false;
  }
}
