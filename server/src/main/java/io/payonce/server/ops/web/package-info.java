/**
 * The console's pages under {@code /ops}: sign-in, dashboard, payment search and timeline, refunds,
 * alarms, operator actions and operators — and the actions taken from them (refund, close,
 * resolve), each a call to the domain's own service, recorded by {@code operator.OperatorActions}.
 */
package io.payonce.server.ops.web;
