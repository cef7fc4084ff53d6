package io.payonce.server.cashier.web;

/**
 * The demo shop form's order: number, amount in yuan, title, and the app it is sold as (blank: the
 * shop's own).
 */
record ShopOrderRequest(String orderNo, String amount, String title, String appId) {}
