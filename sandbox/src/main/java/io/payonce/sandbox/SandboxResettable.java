package io.payonce.sandbox;

/** Sandbox state that {@code POST /sandbox/reset} wipes between tests. */
public interface SandboxResettable {

  /** Forgets everything this component recorded; registered apps and keys survive. */
  void reset();
}
