/** Optional file persistence of sandbox state, so a standalone restart keeps its ledger. */
package io.payonce.sandbox.persistence;
