/** Business orders: the thing a caller wants paid, at most once, and its state machine. */
package io.payonce.server.order;
