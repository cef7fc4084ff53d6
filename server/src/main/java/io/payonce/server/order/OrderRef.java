package io.payonce.server.order;

import java.util.Objects;

/**
 * An order as a merchant names it: its app and its number, unique together. Every path that starts
 * from a merchant's or a buyer's request finds its order by one, so that an app never reaches
 * another app's order (it is not found, as if it did not exist).
 *
 * @param appId the app that owns the order
 * @param orderNo the app's number for it
 */
public record OrderRef(String appId, String orderNo) {

  public OrderRef {
    Objects.requireNonNull(appId, "appId");
    Objects.requireNonNull(orderNo, "orderNo");
  }

  @Override
  public String toString() {
    return appId + "/" + orderNo;
  }
}
