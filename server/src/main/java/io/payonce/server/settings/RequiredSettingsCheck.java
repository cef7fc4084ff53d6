package io.payonce.server.settings;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * Before anything starts — once the profiles' files and the environment are read — asks every
 * module what it cannot start without, and fails with all of it at once ({@link
 * MissingSettingsFailureAnalyzer} prints the list with what each setting is for).
 */
public class RequiredSettingsCheck implements EnvironmentPostProcessor, Ordered {

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (!isTheServer(application)) {
      // Another application on this class path (the standalone sandbox): not ours to check.
      return;
    }
    List<RequiredSetting> missing = new ArrayList<>();
    for (SettingsRequirement requirement :
        SpringFactoriesLoader.forDefaultResourceLocation(
                RequiredSettingsCheck.class.getClassLoader())
            .load(SettingsRequirement.class)) {
      missing.addAll(requirement.missingFrom(environment));
    }
    if (!missing.isEmpty()) {
      throw new MissingSettingsException(missing);
    }
  }

  private static boolean isTheServer(SpringApplication application) {
    return application.getAllSources().stream()
        .anyMatch(
            source ->
                source instanceof Class<?> type
                    && type.getName().equals("io.payonce.server.PayOnceApplication"));
  }

  /** After the profiles' files are read (config data), and after our own defaults. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
