/** Exact money: minor units and an ISO 4217 currency, converted exactly at channel edges. */
package io.payonce.server.money;
