package io.payonce.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.order.OrderService;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.PaymentOpener;
import io.payonce.server.testing.PaidOrders;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.webhook.WebhookDeliveries;
import io.payonce.server.webhook.WebhookDelivery;
import io.payonce.server.webhook.WebhookPump;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * The embedded profile's demo app is ready for a first integration: it can sign requests, and an
 * order's notifyUrl gets signed webhooks — it has a webhook secret of its own from the start.
 */
@PayOnceIntegrationTest
@TestPropertySource(properties = "payonce.apps.demo=true")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class DemoAppIntegrationTests {

  @Autowired Apps apps;
  @Autowired OrderService orders;
  @Autowired PaymentOpener opener;
  @Autowired ChannelResultApplier applier;
  @Autowired Clock clock;
  @Autowired WebhookDeliveries deliveries;
  @Autowired ApplicationContext context;

  @Test
  void theDemoAppsOrdersWithANotifyUrlGetWebhooks() {
    assertThat(apps.secrets(AppProperties.DEMO_APP_ID)).hasSize(1);
    assertThat(apps.webhookSecret(AppProperties.DEMO_APP_ID)).get().asString().startsWith("whsec_");

    String orderNo =
        new PaidOrders(orders, opener, applier, clock)
            .payOne(AppProperties.DEMO_APP_ID, "demo", "http://127.0.0.1:9/demo-hook");
    WebhookPump.once(context);

    List<WebhookDelivery> sent = deliveries.ofOrder(orderNo);
    assertThat(sent).isNotEmpty();
    assertThat(sent).allSatisfy(d -> assertThat(d.url()).isEqualTo("http://127.0.0.1:9/demo-hook"));
  }
}
