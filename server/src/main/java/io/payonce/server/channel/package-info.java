/**
 * The channel port: small verbs (precreate, query, close, cancel, pay, refund) whose outcome is
 * always one of done, refused or unknown. Adapters live in one sub-package per channel and never
 * import each other.
 */
package io.payonce.server.channel;
