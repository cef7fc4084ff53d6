/** The read side's HTTP API: an order with its payments, a payment with its whole history. */
package io.payonce.server.view.web;
