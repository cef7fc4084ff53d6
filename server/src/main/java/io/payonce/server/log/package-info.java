/**
 * How PayOnce writes to its log and keeps what others sent: a failure in one line (our frame and
 * the root cause, no stack trace), and untrusted text clipped and cleaned before it is stored or
 * logged.
 */
package io.payonce.server.log;
