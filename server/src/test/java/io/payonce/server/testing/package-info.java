/** Test infrastructure reused by every feature's integration tests: the database matrix. */
package io.payonce.server.testing;
