/**
 * HTTP adapter of reconciliation: start runs, follow them, settle their anomalies; the ops page.
 */
package io.payonce.server.reconcile.web;
