/**
 * The receipts of channel notifications: every delivery, verified or not, what it said and the
 * reply given, for the operator. Each channel's adapter verifies its own notifications, parses them
 * into neutral notices and hands those to the one function that applies channel results (payment's
 * {@code ChannelResultApplier}); it records the receipt here.
 */
package io.payonce.server.notify;
