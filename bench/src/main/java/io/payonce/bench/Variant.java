package io.payonce.bench;

/** What carries an operation: the server, its SQL over raw JDBC, or the one-row-commit floor. */
enum Variant {
  /** The server in process, driven over HTTP on loopback. */
  SERVICE("service"),
  /** The statements and transactions the server issues for the operation, over raw JDBC. */
  B1("B1"),
  /** One single-row INSERT committed per operation: the physical floor. */
  B0("B0");

  private final String label;

  Variant(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  /** Whether it writes the operation's audit rows (channel calls, notify receipts). */
  boolean writesAudit() {
    return this == SERVICE || this == B1;
  }

  /** Tells the bench's own PostgreSQL backends apart from everyone else's. */
  String applicationName() {
    return "payonce-bench-" + name().toLowerCase(java.util.Locale.ROOT);
  }
}
