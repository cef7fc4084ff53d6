package io.payonce.server.channel;

/**
 * A detail row that could not be read.
 *
 * @param lineNo the row's position among the bill's detail rows, from 1
 * @param outTradeNo the row's out_trade_no if that cell was readable, else null
 * @param reason what was wrong, for the operator
 */
public record BadBillLine(long lineNo, String outTradeNo, String reason) {}
