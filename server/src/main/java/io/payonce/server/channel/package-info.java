/**
 * The channel port: small verbs (precreate, query, close, cancel, pay, refund) whose outcome is
 * always one of done, refused or unknown, and a channel's daily trade bill ({@link
 * io.payonce.server.channel.ChannelBills}) read into channel-neutral rows, the product registry
 * ({@link io.payonce.server.channel.PaymentProducts}) and what every adapter shares. The adapters
 * are top-level modules of their own (alipay, wechat) that depend on this port, never each other;
 * the port depends on nothing above the foundations.
 */
package io.payonce.server.channel;
