/**
 * How PayOnce writes a failure to its log: one line, our frame and the root cause, no stack trace.
 */
package io.payonce.server.log;
