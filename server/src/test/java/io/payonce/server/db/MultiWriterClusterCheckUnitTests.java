package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MultiWriterClusterCheckUnitTests {

  @Test
  void aUrlWithSeveralHostsIsTold() {
    assertThat(
            MultiWriterClusterCheck.severalHosts(
                "jdbc:postgresql://127.0.0.1:5601,127.0.0.1:5602/payonce?targetServerType=primary"))
        .isTrue();
  }

  @Test
  void aUrlWithOneHostIsNot() {
    assertThat(MultiWriterClusterCheck.severalHosts("jdbc:postgresql://127.0.0.1:5432/payonce"))
        .isFalse();
    assertThat(MultiWriterClusterCheck.severalHosts("jdbc:h2:file:./data/payonce")).isFalse();
  }
}
