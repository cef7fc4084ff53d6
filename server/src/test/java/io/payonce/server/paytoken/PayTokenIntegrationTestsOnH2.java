package io.payonce.server.paytoken;

import io.payonce.server.testing.EachClockStart;
import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;

@OnDatabase(TestDatabase.H2)
@EachClockStart
class PayTokenIntegrationTestsOnH2 extends PayTokenIntegrationTests {}
