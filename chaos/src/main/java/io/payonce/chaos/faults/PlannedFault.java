package io.payonce.chaos.faults;

import io.payonce.chaos.Fault;
import java.util.Map;

/**
 * One fault of the plan.
 *
 * @param atMs when, since the workload started
 * @param kind what kind
 * @param instance which instance (0-based) for kill and pause
 * @param forMs how long: the window, the pause, or the time an instance stays down
 * @param label what it is, for the timeline ({@code notifyDrop}, {@code gatewayErrorRate
 *     alipay.trade.precreate})
 * @param knobs the sandbox knobs it sets (method included), for notify and gateway faults
 */
public record PlannedFault(
    long atMs, Fault kind, int instance, long forMs, String label, Map<String, Object> knobs) {}
