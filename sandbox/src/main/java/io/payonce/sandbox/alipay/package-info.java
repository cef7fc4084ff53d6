/** The simulated Alipay OpenAPI channel (face-to-face QR and barcode payments). */
package io.payonce.sandbox.alipay;
