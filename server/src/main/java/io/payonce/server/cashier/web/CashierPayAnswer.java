package io.payonce.server.cashier.web;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.payonce.server.cashier.CashierView;
import io.payonce.server.channel.Handoff;

/**
 * What the cashier's click answers: the state to draw and, for a product whose hand-off sends the
 * browser to the channel's page, that hand-off (the page goes there at once). Going there, and
 * coming back, is no proof of payment: only the payment's status, polled, is.
 *
 * @param view the state, its fields at the top level as {@code GET /cashier/{token}/state} answers
 * @param handoff the order's one hand-off for the product clicked, or null for a QR code
 */
record CashierPayAnswer(@JsonUnwrapped CashierView view, Handoff handoff) {}
