/**
 * Alipay face-to-face (QR precreate, barcode pay) and its trade bill (GBK CSV in a zip) through the
 * official {@code alipay-sdk-java}: the only package that imports it. Production points it at
 * Alipay's gateway; the embedded profile at the sandbox. A module of its own (nested in {@code
 * channel}): it implements the channel ports and feeds Alipay's notifications to the payment
 * domain, and nothing depends on it but the wiring.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Alipay")
package io.payonce.server.channel.alipay;
