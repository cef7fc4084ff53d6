package io.payonce.server.db;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Tells an operator why PayOnce will not run on this database and what to use instead. */
public class UnsafeDatabaseFailureAnalyzer
    extends AbstractFailureAnalyzer<UnsafeDatabaseException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, UnsafeDatabaseException cause) {
    return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
  }
}
