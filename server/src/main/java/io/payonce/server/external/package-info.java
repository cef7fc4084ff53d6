/**
 * The optional servers, RabbitMQ and Redis: their Spring Boot wiring exists only when PayOnce is
 * told to use them, so the embedded service starts, and stays healthy, with neither running.
 */
package io.payonce.server.external;
