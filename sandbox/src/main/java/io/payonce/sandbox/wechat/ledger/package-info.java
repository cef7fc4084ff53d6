/**
 * The ledger: every WeChat Pay order the sandbox knows (Native and payment code), the ground truth
 * of what buyers paid and were refunded, and the one place where order and refund states change.
 */
package io.payonce.sandbox.wechat.ledger;
