package io.payonce.server.app;

import io.payonce.server.settings.RequiredSetting;
import io.payonce.server.settings.SettingsRequirement;
import java.util.List;
import org.springframework.core.env.Environment;

/** The apps' master key: without it no app's secret can be stored or read. */
public class AppSettings implements SettingsRequirement {

  @Override
  public List<RequiredSetting> missingFrom(Environment environment) {
    if (SettingsRequirement.present(environment, "payonce.apps.master-key")
        || SettingsRequirement.present(environment, "payonce.apps.master-key-file")) {
      return List.of();
    }
    return List.of(
        new RequiredSetting(
            "payonce.apps.master-key",
            "encrypts the merchant apps' secrets and channel keys at rest: Base64 of 32 random"
                + " bytes (openssl rand -base64 32), the same on every instance, kept with the"
                + " database's backups (or payonce.apps.master-key-file, a file holding it)"));
  }
}
