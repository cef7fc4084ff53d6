/**
 * Test-only fault hooks for the chaos harness — named crash points and clock skew — inert unless
 * {@code payonce.chaos.*} is set. Never configure them in production.
 */
package io.payonce.server.chaos;
