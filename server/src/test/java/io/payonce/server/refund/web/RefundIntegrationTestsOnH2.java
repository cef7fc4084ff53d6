package io.payonce.server.refund.web;

import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
class RefundIntegrationTestsOnH2 extends RefundIntegrationTests {}
