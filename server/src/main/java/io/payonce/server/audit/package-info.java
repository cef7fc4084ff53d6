/**
 * The operator's audit rows — channel calls and notify receipts — written off the money path, in
 * batches, so that they cost no durable flush of their own per payment.
 */
package io.payonce.server.audit;
