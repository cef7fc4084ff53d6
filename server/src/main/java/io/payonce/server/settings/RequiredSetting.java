package io.payonce.server.settings;

/**
 * A setting the server lacks.
 *
 * @param property its name as a property ({@code payonce.apps.master-key}); its environment
 *     variable is the same in upper case with {@code _} ({@code PAYONCE_APPS_MASTER_KEY})
 * @param purpose what it is for, and what to give it
 */
public record RequiredSetting(String property, String purpose) {

  /** The environment variable that sets it. */
  public String environmentVariable() {
    return property.toUpperCase(java.util.Locale.ROOT).replace('.', '_').replace('-', '_');
  }
}
