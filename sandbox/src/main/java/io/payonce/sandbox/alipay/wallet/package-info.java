/** The buyer's side at Alipay: its wallet channel and the barcode test auth codes. */
package io.payonce.sandbox.alipay.wallet;
