/** Fault injection: knobs that make the sandbox misbehave the way real channels do. */
package io.payonce.sandbox.chaos;
