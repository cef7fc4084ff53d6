/**
 * Optional file persistence of every channel's state (merchants, ledger, pending notifies), so a
 * standalone restart keeps them.
 */
package io.payonce.sandbox.persistence;
