package io.payonce.server.settings;

import java.util.List;
import java.util.stream.Collectors;

/** The server lacks settings: every one of them, at once. */
public class MissingSettingsException extends IllegalStateException {

  private final transient List<RequiredSetting> missing;

  public MissingSettingsException(List<RequiredSetting> missing) {
    super(
        "PayOnce lacks "
            + missing.size()
            + " setting(s): "
            + missing.stream().map(RequiredSetting::property).collect(Collectors.joining(", ")));
    this.missing = List.copyOf(missing);
  }

  public List<RequiredSetting> missing() {
    return missing;
  }
}
