/** The orders HTTP API: create an order idempotently, read it with its payments. */
package io.payonce.server.order.web;
