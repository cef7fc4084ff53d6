/**
 * Reconciliation: a channel's daily bill against our payments and refunds, repairing what the
 * channel proves and recording what only an operator can settle. Bills arrive through the channel
 * port ({@link io.payonce.server.channel.ChannelBills}) as channel-neutral rows: no channel's
 * format is known here.
 */
package io.payonce.server.reconcile;
