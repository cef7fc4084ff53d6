/**
 * Merchant apps: who may call the API, their secrets (encrypted at rest under the master key, two
 * active during a rotation), the request signature they sign with and the nonces already seen.
 */
package io.payonce.server.app;
