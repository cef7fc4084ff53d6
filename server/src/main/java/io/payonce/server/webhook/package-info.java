/**
 * Per-app webhooks: the outbox relay hands each event over as a durable delivery row per
 * destination (the order's notifyUrl, else its app's webhook URL), and a dispatcher on every
 * instance POSTs the rows under leases, signed with the app's webhook secret, retries them on a
 * schedule, parks and alarms what the schedule could not deliver; operators list and resend them.
 */
package io.payonce.server.webhook;
