/** Alarms: facts an operator must look at, as rows, Micrometer counters and ERROR log lines. */
package io.payonce.server.alarm;
