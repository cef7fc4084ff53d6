/** The buyer's side: scanning and paying QR codes, confirming barcode payments, a phone page. */
package io.payonce.sandbox.alipay.wallet;
