/**
 * Alipay face-to-face (QR precreate, barcode pay) and its trade bill (GBK CSV in a zip) through the
 * official {@code alipay-sdk-java}: the only package that imports it. Production points it at
 * Alipay's gateway; the embedded profile at the sandbox. A top-level module beside the port it
 * implements ({@code channel}): it depends on the port and the domain it feeds, and nothing depends
 * on it but the wiring.
 */
@org.springframework.modulith.ApplicationModule(displayName = "Alipay")
package io.payonce.server.alipay;
