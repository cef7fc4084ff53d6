package io.payonce.bench;

/**
 * What carries an operation: the server, or one of the floors measured beside it in the same run.
 * The service is compared with the sum of the floors that make it up (see {@link #composite}).
 */
enum Variant {
  /** The server in process, driven over HTTP on loopback. */
  SERVICE("service"),
  /** The statements and transactions the server issues for the operation, over raw JDBC. */
  B1("B1"),
  /** The channel call alone: the Alipay SDK's precreate against the sandbox, no database. */
  BCH("Bch"),
  /** An HTTP round trip of the same request to a bare endpoint on the same server. */
  B2("B2"),
  /** One single-row INSERT committed per operation: the physical floor. */
  B0("B0");

  private final String label;

  Variant(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  /** Whether this variant is measured for {@code op}: the channel is called by precreate only. */
  boolean appliesTo(Operation op) {
    return this != BCH || op == Operation.PRECREATE;
  }

  /** Whether it writes the operation's audit rows (channel calls, notify receipts). */
  boolean writesAudit() {
    return this == SERVICE || this == B1;
  }

  /**
   * The floors whose costs add up to what the service does for {@code op}: its SQL (B1), the
   * framework (B2) and, for a precreate, the channel call (Bch).
   */
  static java.util.List<Variant> composite(Operation op) {
    return op == Operation.PRECREATE ? java.util.List.of(B1, BCH, B2) : java.util.List.of(B1, B2);
  }

  /** Tells the bench's own PostgreSQL backends apart from everyone else's. */
  String applicationName() {
    return "payonce-bench-" + name().toLowerCase(java.util.Locale.ROOT);
  }
}
