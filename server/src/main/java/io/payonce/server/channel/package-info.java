/**
 * The channel port: small verbs (precreate, query, close, cancel, pay, refund) whose outcome is
 * always one of done, refused or unknown, and a channel's daily trade bill ({@link
 * io.payonce.server.channel.ChannelBills}) read into channel-neutral rows. Adapters live in one
 * sub-package per channel and never import each other.
 */
package io.payonce.server.channel;
