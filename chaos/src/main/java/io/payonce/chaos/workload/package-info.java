/**
 * The seeded workload: buyers and merchants over HTTP, through the load balancer and straight at
 * chosen instances, every answer recorded for the checks.
 */
package io.payonce.chaos.workload;
