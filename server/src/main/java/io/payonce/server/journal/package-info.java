/**
 * What every state machine shares: who caused a transition, its outcome, and the append-only
 * journal an operator reads to reconstruct what happened.
 */
package io.payonce.server.journal;
