package io.payonce.server.reconcile;

/**
 * A detail row that could not be read.
 *
 * @param outTradeNo the row's out_trade_no if that cell was readable, else null
 * @param reason what was wrong, for the operator
 */
public record BadBillLine(long lineNo, String outTradeNo, String reason) {}
