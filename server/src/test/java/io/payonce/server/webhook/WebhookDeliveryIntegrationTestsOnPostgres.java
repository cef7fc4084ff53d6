package io.payonce.server.webhook;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class WebhookDeliveryIntegrationTestsOnPostgres extends WebhookDeliveryIntegrationTests {}
