/**
 * The buyer's side in a browser: a demo shop that creates orders, and the cashier page that shows
 * an order's one QR code, counts down to its expiry and follows its payment until it is paid.
 */
package io.payonce.server.cashier;
