/**
 * Alipay face-to-face (QR precreate, barcode pay) and its trade bill (GBK CSV in a zip) through the
 * official {@code alipay-sdk-java}: the only package that imports it. Production points it at
 * Alipay's gateway; the embedded profile at the sandbox.
 */
package io.payonce.server.channel.alipay;
