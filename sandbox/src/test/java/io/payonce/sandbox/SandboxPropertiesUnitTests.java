package io.payonce.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SandboxPropertiesUnitTests {

  @Test
  void theDefaultDataDirIsAbsoluteUnderTheUsersHomeWhateverTheWorkingDirectory() {
    Path dataDir = new SandboxProperties().getDataDir();

    assertThat(dataDir).isAbsolute();
    assertThat(dataDir).isEqualTo(Path.of(System.getProperty("user.home"), ".payonce", "sandbox"));
  }
}
