package io.payonce.server.alarm;

/** The alarm was resolved before: by another operator, or by this one's earlier click. */
public class AlarmAlreadyResolvedException extends RuntimeException {

  public AlarmAlreadyResolvedException(long id) {
    super("alarm " + id + " is resolved already");
  }
}
