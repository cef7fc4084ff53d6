package io.payonce.client;

import java.time.Instant;

/** A one-time pay token for a buyer's page. */
public record PayToken(String token, Instant expiresAt) {}
