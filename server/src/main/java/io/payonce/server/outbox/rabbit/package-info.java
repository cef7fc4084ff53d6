/**
 * The RabbitMQ sink of the outbox relay, wired only with {@code
 * payonce.events.rabbit.enabled=true}: events go to a topic exchange with publisher confirms, the
 * event id as message id.
 */
package io.payonce.server.outbox.rabbit;
