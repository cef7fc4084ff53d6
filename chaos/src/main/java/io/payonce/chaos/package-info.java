/**
 * The chaos harness: a command that starts a sandbox and several PayOnce instances on one database,
 * drives a seeded workload through a load balancer while injecting faults, and checks the
 * at-most-once promise afterwards (RELIABILITY.md).
 */
package io.payonce.chaos;
