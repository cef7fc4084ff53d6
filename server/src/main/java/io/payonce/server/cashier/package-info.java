/**
 * The buyer's side in a browser: a demo shop that creates orders, and the cashier page that offers
 * the products fitting the buyer's device (QR codes, the channels' pages), shows an order's one
 * code or sends the browser to its one page, counts down to its expiry and follows its payment
 * until it is paid.
 */
package io.payonce.server.cashier;
