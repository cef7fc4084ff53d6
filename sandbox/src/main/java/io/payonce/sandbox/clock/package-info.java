/** The sandbox's movable clock, and the real-time timers of its background work. */
package io.payonce.sandbox.clock;
