package io.payonce.server.money;

/** An amount or currency that is not exact money. */
public class InvalidMoneyException extends IllegalArgumentException {

  public InvalidMoneyException(String message) {
    super(message);
  }
}
