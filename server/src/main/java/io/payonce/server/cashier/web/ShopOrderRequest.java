package io.payonce.server.cashier.web;

/** The demo shop form's order: number, amount in yuan and title. */
record ShopOrderRequest(String orderNo, String amount, String title) {}
