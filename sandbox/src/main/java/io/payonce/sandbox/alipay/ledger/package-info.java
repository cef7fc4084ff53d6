/**
 * The ledger: every Alipay pre-order and trade the sandbox knows, the ground truth of what buyers
 * paid, and the one place where trade states change.
 */
package io.payonce.sandbox.alipay.ledger;
