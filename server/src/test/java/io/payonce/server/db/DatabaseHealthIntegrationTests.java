package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The readiness group's database check asks through a connection of its own: a pool whose every
 * connection is lent out is busy, not down, and must not take the instance — and with it, under the
 * same load, every other instance — out of its load balancer's rotation.
 */
@PayOnceIntegrationTest
class DatabaseHealthIntegrationTests {

  @LocalServerPort int port;
  @Autowired DataSource dataSource;

  @Test
  void aPoolWhoseEveryConnectionIsLentOutIsBusyAndReadinessStaysUp() throws Exception {
    PayOnceHttp http = new PayOnceHttp(port);
    HikariDataSource pool = dataSource.unwrap(HikariDataSource.class);
    List<Connection> held = new ArrayList<>();
    try {
      while (held.size() < pool.getMaximumPoolSize()) {
        held.add(dataSource.getConnection());
      }

      Answer ready = http.get(http.serverBase() + "/actuator/health/readiness");

      assertThat(ready.status()).as(ready.body()).isEqualTo(200);
      assertThat(ready.body()).contains("\"UP\"");
    } finally {
      for (Connection connection : held) {
        connection.close();
      }
    }
  }
}
