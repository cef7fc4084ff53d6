/** HTTP adapters of the shop and the cashier page: pages, the page's state and the QR image. */
package io.payonce.server.cashier.web;
