package io.payonce.server.db;

import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The start-up wait for the database ({@link DatabaseStartup}): the data source reaches Flyway and
 * every other user only once it gives a valid connection, and start-up tasks wait as well.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseStartupConfiguration {

  @Bean
  static DatabaseStartup databaseStartup(Environment env) {
    return new DatabaseStartup(
        env.getProperty(
            DatabaseStartup.WAIT_PROPERTY, Duration.class, DatabaseStartup.DEFAULT_WAIT));
  }

  /** Waits on each data source as it is made, before anything is given it. */
  @Bean
  static BeanPostProcessor databaseStartupWait(Environment env) {
    DatabaseStartup startup = databaseStartup(env);
    return new BeanPostProcessor() {
      @Override
      public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof DataSource dataSource) {
          startup.awaitReachable(dataSource);
        }
        return bean;
      }
    };
  }
}
