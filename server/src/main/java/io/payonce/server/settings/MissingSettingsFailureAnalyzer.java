package io.payonce.server.settings;

import java.util.stream.Collectors;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Tells an operator every setting the server lacks, what each is for, and how to set it. */
public class MissingSettingsFailureAnalyzer
    extends AbstractFailureAnalyzer<MissingSettingsException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, MissingSettingsException cause) {
    String list =
        cause.missing().stream()
            .map(
                setting ->
                    "  - "
                        + setting.property()
                        + " ("
                        + setting.environmentVariable()
                        + "): "
                        + setting.purpose())
            .collect(Collectors.joining("\n"));
    return new FailureAnalysis(
        "PayOnce lacks " + cause.missing().size() + " setting(s) it cannot start without:\n" + list,
        "Set each of them (as a property, or as the environment variable in brackets) and start"
            + " again; docs/configuration.md and docs/operations.md say what to give them. To try"
            + " PayOnce on one machine with nothing to set, run the embedded profile"
            + " (the default).",
        cause);
  }
}
