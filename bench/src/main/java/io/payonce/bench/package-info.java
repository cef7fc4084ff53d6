/**
 * The scan-to-pay benchmark: the server in process against durable MariaDB and PostgreSQL, beside
 * its floors measured in the same run — its SQL over raw JDBC (B1), the channel call alone (Bch), a
 * bare HTTP round trip on the same server (B2) and the one-row commit (B0) — with durable flushes
 * per operation, repetitions, and charts; and the charts of the reconciliation benchmark's figures.
 */
package io.payonce.bench;
