/**
 * An example consumer of PayOnce's events, to copy: on OrderPaid it records a fulfilment request,
 * once per event however often the event is delivered. Off unless {@code
 * payonce.events.example-consumer.enabled=true}.
 */
package io.payonce.server.consumer.example;
