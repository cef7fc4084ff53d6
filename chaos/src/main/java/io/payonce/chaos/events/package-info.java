/**
 * The merchant's side of the events: a webhook receiver (embedded sink) or a RabbitMQ queue, both
 * deduplicating by event id as a consumer must, so the checks can count fulfilments per order.
 */
package io.payonce.chaos.events;
