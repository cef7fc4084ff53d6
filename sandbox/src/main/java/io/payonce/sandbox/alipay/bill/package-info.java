/** Alipay trade bills: the GBK CSV zip behind bill.downloadurl.query, and synthetic bills. */
package io.payonce.sandbox.alipay.bill;
