package io.payonce.server.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.server.PayOnceApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The service refuses to start accepting orders in a currency its channels cannot charge, instead
 * of sending the channel a yuan amount that is really dollars.
 */
class ChargeableCurrenciesIntegrationTests {

  @Test
  void aCurrencyNoChannelChargesStopsTheStartNamingIt() {
    assertThatThrownBy(() -> start("CNY,USD").close())
        .hasStackTraceContaining("payonce.orders.currencies has [USD]")
        .hasStackTraceContaining("ALIPAY");
  }

  @Test
  void theChannelsOwnCurrencyStarts() {
    try (ConfigurableApplicationContext context = start("CNY")) {
      assertThat(context.getBean(OrderProperties.class).currencies()).containsExactly("CNY");
    }
  }

  private static ConfigurableApplicationContext start(String currencies) {
    return new SpringApplicationBuilder(PayOnceApplication.class)
        .profiles("test")
        .run(
            "--server.port=0",
            "--spring.datasource.url=jdbc:h2:mem:currencies-" + currencies.replace(',', '-'),
            "--spring.datasource.username=sa",
            "--spring.datasource.password=",
            "--payonce.orders.currencies=" + currencies,
            "--payonce.reconcile.cron=-",
            "--logging.level.root=ERROR");
  }
}
