/**
 * Journals of what each simulated channel did (API calls, notify deliveries), served over HTTP for
 * tests to check against.
 */
package io.payonce.sandbox.journal;
