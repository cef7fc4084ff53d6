/**
 * Channel callbacks: the one intake every channel's notification goes through ({@link
 * io.payonce.server.notify.CallbackIntake}: verify → route → apply → receipt), the neutral terms a
 * channel's {@link io.payonce.server.notify.CallbackProtocol} reads a delivery into, and the
 * receipts of every delivery, verified or not, for the operator. A channel supplies only its
 * protocol: verification, parsing and its own words for each answer.
 */
package io.payonce.server.notify;
