/** The sandbox's movable clock. */
package io.payonce.sandbox.clock;
