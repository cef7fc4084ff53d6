/** The orders HTTP API: create an order idempotently (reading it is {@code view.web}'s). */
package io.payonce.server.order.web;
