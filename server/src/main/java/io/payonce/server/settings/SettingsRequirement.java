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

  /** Whether a property is set to something other than blank (placeholders are not resolved). */
  static boolean present(Environment environment, String property) {
    String value = environment.getProperty(property);
    return value != null && !value.isBlank();
  }
}
