/**
 * The scan-to-pay benchmark: the server in process against durable MariaDB and PostgreSQL, beside
 * the same SQL over raw JDBC and the one-row-commit floor, with durable flushes per operation.
 */
package io.payonce.bench;
