/**
 * The buyer's wallet, one for every simulated channel (sandbox-only, not part of any protocol):
 * scan and pay QR codes, confirm waiting payment-code payments, and a phone-sized page that takes
 * the look of the channel whose code it shows.
 */
package io.payonce.sandbox.wallet;
