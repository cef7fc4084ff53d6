package io.payonce.chaos.check;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One evaluation of every invariant.
 *
 * @param atMs when, since the run started
 * @param quiescent nothing left in flight: no payment, refund or event on its way
 * @param pending what was still on its way, in words
 */
public record Verdict(
    Map<Invariant, List<Violation>> violations, boolean quiescent, String pending, long atMs) {

  public Verdict {
    Map<Invariant, List<Violation>> all = new EnumMap<>(Invariant.class);
    for (Invariant invariant : Invariant.values()) {
      all.put(invariant, List.copyOf(violations.getOrDefault(invariant, List.of())));
    }
    violations = Map.copyOf(all);
  }

  public List<Violation> of(Invariant invariant) {
    return violations.get(invariant);
  }

  public int total() {
    return violations.values().stream().mapToInt(List::size).sum();
  }

  public boolean holds() {
    return total() == 0;
  }
}
