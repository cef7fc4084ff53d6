/**
 * Asynchronous channel notifications: verify, parse into a channel-neutral notice, hand it to the
 * one function that applies channel results, and keep a receipt of every delivery and the reply
 * given.
 */
package io.payonce.server.notify;
