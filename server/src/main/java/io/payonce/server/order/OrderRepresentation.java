package io.payonce.server.order;

import java.util.Optional;

/**
 * How an order is shown to whoever created it: the order with its payments. The read side
 * implements it, because it may see payments and this module may not — payments depend on orders,
 * not the other way round.
 *
 * @param <T> the representation, written as the response body
 */
public interface OrderRepresentation<T> {

  /** An order just created: it has no payments yet, so nothing needs to be read. */
  T ofNew(Order order);

  /** The order with this number as it is now, payments included, or empty if there is none. */
  Optional<T> current(OrderRef ref);
}
