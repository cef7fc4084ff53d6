package io.payonce.server.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCreator;
import org.springframework.jdbc.core.PreparedStatementSetter;
import org.springframework.jdbc.core.ResultSetExtractor;
import org.springframework.jdbc.core.SqlProvider;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A JdbcTemplate on the real database that notes every statement it runs (a read or a write), and
 * whether it ran in a transaction: what a store costs in round trips, counted where it is spent. A
 * test gives a store {@code JdbcClient.create(log)} in place of the context's.
 */
public final class StatementLog extends JdbcTemplate {

  /** A statement as run, and whether a transaction was open around it. */
  public record Statement(String sql, boolean inTransaction) {

    /** The table a read reads first. */
    public String table() {
      return sql.replaceAll("(?s).*?FROM (\\w+).*", "$1");
    }

    /** How many parameters it has. */
    public int ids() {
      return (int) sql.chars().filter(c -> c == '?').count();
    }
  }

  private final List<Statement> taken = new CopyOnWriteArrayList<>();
  private volatile Before before;

  public StatementLog(DataSource dataSource) {
    super(dataSource);
  }

  /**
   * Runs {@code action} once, just before the first statement starting with {@code sqlStart} (on
   * the caller's own JdbcTemplate, not noted here): another instance's statement coming between two
   * of the store's.
   */
  public void beforeFirst(String sqlStart, Runnable action) {
    before = new Before(sqlStart, action);
  }

  @Override
  public <T> T query(
      PreparedStatementCreator psc, PreparedStatementSetter pss, ResultSetExtractor<T> rse) {
    note(psc);
    return super.query(psc, pss, rse);
  }

  @Override
  protected int update(PreparedStatementCreator psc, PreparedStatementSetter pss) {
    note(psc);
    return super.update(psc, pss);
  }

  @Override
  public int update(PreparedStatementCreator psc, KeyHolder generatedKeyHolder) {
    note(psc);
    return super.update(psc, generatedKeyHolder);
  }

  public List<Statement> taken() {
    return taken;
  }

  public void clear() {
    taken.clear();
  }

  private void note(PreparedStatementCreator psc) {
    if (psc instanceof SqlProvider provider) {
      String sql = provider.getSql();
      Before due = before;
      if (due != null && sql.strip().startsWith(due.sqlStart())) {
        before = null;
        due.action().run();
      }
      taken.add(new Statement(sql, TransactionSynchronizationManager.isActualTransactionActive()));
    }
  }

  private record Before(String sqlStart, Runnable action) {}
}
