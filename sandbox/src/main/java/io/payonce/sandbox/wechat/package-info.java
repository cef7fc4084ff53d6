/**
 * The simulated WeChat Pay channel: APIv3 (Native, query, close, refunds, trade bill) and APIv2
 * (payment code, order query, reverse), with the channel's signatures, notifies and bill.
 */
package io.payonce.sandbox.wechat;
