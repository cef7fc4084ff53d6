package io.payonce.server.order.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.POSTGRES)
class LostOrderCommitIntegrationTestsOnPostgres extends LostOrderCommitIntegrationTests {}
