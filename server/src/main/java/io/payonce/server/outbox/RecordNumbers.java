package io.payonce.server.outbox;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Map;

/**
 * The business numbers an event's record carries ({@code orderNo}, {@code outTradeNo}), read from
 * its components of those names: the outbox row's columns, found without turning the record into a
 * map. The accessors of each record type are looked up once.
 */
final class RecordNumbers {

  private static final ClassValue<Map<String, Method>> ACCESSORS =
      new ClassValue<>() {
        @Override
        protected Map<String, Method> computeValue(Class<?> type) {
          Map<String, Method> accessors = new HashMap<>();
          for (RecordComponent component : type.getRecordComponents()) {
            Method accessor = component.getAccessor();
            accessor.setAccessible(true);
            accessors.put(component.getName(), accessor);
          }
          return Map.copyOf(accessors);
        }
      };

  private RecordNumbers() {}

  /** The component {@code name} of {@code data} as text; null when it has none or it is null. */
  static String of(Record data, String name) {
    Method accessor = ACCESSORS.get(data.getClass()).get(name);
    if (accessor == null) {
      return null;
    }
    try {
      Object value = accessor.invoke(data);
      return value == null ? null : value.toString();
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + name + " of " + data.getClass(), e);
    }
  }
}
