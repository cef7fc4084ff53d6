package io.payonce.server.reconcile;

import java.time.Instant;

/** One of our payments that became SUCCESS during the bill day and is not in the bill. */
record LocalSuccess(long journalId, String outTradeNo, long amountMinor, Instant recordedAt) {}
