/** The operator's pages under {@code /ops}: payment search and timeline, open alarms. */
package io.payonce.server.ops.web;
