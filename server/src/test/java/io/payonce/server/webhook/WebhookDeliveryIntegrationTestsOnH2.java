package io.payonce.server.webhook;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class WebhookDeliveryIntegrationTestsOnH2 extends WebhookDeliveryIntegrationTests {}
