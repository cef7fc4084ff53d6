/**
 * The notifier every simulated channel delivers its notifies with: retries on the channel's
 * schedule until acknowledged, the notify chaos knobs, persistence of what is pending. Each channel
 * says what a notify is on its wire.
 */
package io.payonce.sandbox.notify;
