package io.payonce.chaos.workload;

/** Where a merchant request goes: the load balancer, or one instance directly. */
public record Target(String name, String base, boolean direct) {}
