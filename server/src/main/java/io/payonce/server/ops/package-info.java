/**
 * The operator's console: who may see it (HTTP Basic on {@code /ops/**}) and what it shows — a
 * payment's whole timeline, a search by order number, and the open alarms.
 */
package io.payonce.server.ops;
