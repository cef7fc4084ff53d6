package io.payonce.chaos.workload;

import io.payonce.chaos.cluster.SandboxClient;
import io.payonce.chaos.cluster.Timings;
import java.util.List;
import java.util.concurrent.ExecutorService;

/** What every scenario shares: the people, the places, and where to write things down. */
record Actors(
    Merchant merchant,
    Buyer buyer,
    SandboxClient sandbox,
    Target lb,
    List<Target> instances,
    Notes notes,
    Deferred deferred,
    Timings timings,
    Exchanges exchanges,
    ExecutorService parallel) {}
