/**
 * The read side: what the API and the operator's console show of an order and its payments, each
 * view read in one read-only transaction so that its parts agree.
 */
package io.payonce.server.view;
