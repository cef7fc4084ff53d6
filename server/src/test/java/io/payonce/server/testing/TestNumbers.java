package io.payonce.server.testing;

import java.util.UUID;

/** Business numbers that no other test, run or database state has used. */
public final class TestNumbers {

  private TestNumbers() {}

  /** A fresh order number: the prefix (letters only) and 32 hex digits. */
  public static String orderNo(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().replace("-", "");
  }
}
