package io.payonce.server.db;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A one-row {@code INSERT … VALUES (:a, :b, …)} written for n rows in one statement: row i's
 * parameters are named {@code :a<i>, :b<i>, …}. The statement for each n is built once.
 */
public final class MultiRowInsert {

  private final String head;
  private final String values;
  private final Map<Integer, String> byRows = new ConcurrentHashMap<>();

  /**
   * @param insert the one-row statement, its values after the one {@code VALUES} keyword
   */
  public MultiRowInsert(String insert) {
    int at = insert.indexOf("VALUES");
    if (at < 0 || insert.indexOf("VALUES", at + 1) >= 0) {
      throw new IllegalArgumentException("not a one-row INSERT … VALUES (…)");
    }
    this.head = insert.substring(0, at);
    this.values = insert.substring(at + "VALUES".length()).strip();
  }

  /** One row's parameters, named as in the one-row statement. */
  public interface Params {
    Params param(String name, Object value);

    Params param(String name, Object value, int sqlType);
  }

  /** Binds one row's values. */
  @FunctionalInterface
  public interface Binder<R> {
    void bind(Params params, R row);
  }

  /**
   * Inserts {@code rows} in one statement.
   *
   * @return the rows inserted
   */
  public <R> int insert(JdbcClient jdbc, List<R> rows, Binder<R> binder) {
    JdbcClient.StatementSpec[] statement = {jdbc.sql(rows(rows.size()))};
    for (int i = 0; i < rows.size(); i++) {
      String n = String.valueOf(i);
      binder.bind(
          new Params() {
            @Override
            public Params param(String name, Object value) {
              statement[0] = statement[0].param(name + n, value);
              return this;
            }

            @Override
            public Params param(String name, Object value, int sqlType) {
              statement[0] = statement[0].param(name + n, value, sqlType);
              return this;
            }
          },
          rows.get(i));
    }
    return statement[0].update();
  }

  /** The statement inserting {@code n} rows, their parameters numbered 0 to n-1. */
  public String rows(int n) {
    return byRows.computeIfAbsent(n, this::build);
  }

  private String build(int n) {
    StringBuilder sql = new StringBuilder(head).append("VALUES ");
    for (int i = 0; i < n; i++) {
      sql.append(i == 0 ? "" : ", ").append(values.replaceAll(":(\\w+)", ":$1" + i));
    }
    return sql.toString();
  }
}
