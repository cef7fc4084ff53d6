package io.payonce.server.db;

/** The database is of a kind on which PayOnce cannot keep its promise: it does not start. */
public class UnsafeDatabaseException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String action;

  public UnsafeDatabaseException(String description, String action) {
    super(description);
    this.action = action;
  }

  public String action() {
    return action;
  }
}
