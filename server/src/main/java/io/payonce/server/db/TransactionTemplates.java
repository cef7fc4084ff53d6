package io.payonce.server.db;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** The one transaction template every feature is given: deadlock victims run again. */
@Configuration(proxyBeanMethods = false)
class TransactionTemplates {

  @Bean
  TransactionTemplate transactionTemplate(
      PlatformTransactionManager transactionManager, MeterRegistry meters) {
    return new VictimRetryingTransactions(transactionManager, meters);
  }
}
