/**
 * The system under test and its surroundings: the database, a standalone sandbox, PayOnce instances
 * as separate JVMs, the load balancer in front of them, and the machine's Redis and RabbitMQ.
 */
package io.payonce.chaos.cluster;
