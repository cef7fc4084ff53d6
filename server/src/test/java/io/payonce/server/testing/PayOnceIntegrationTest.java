package io.payonce.server.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.ContextCustomizerFactories;

/**
 * The whole server on a real port and a freshly migrated database (H2 unless the class says {@link
 * OnDatabase}).
 *
 * <p>To run one test class on every database, write it as an abstract {@code *IntegrationTests}
 * class carrying this annotation, and add three empty subclasses {@code ...OnH2}, {@code
 * ...OnMariaDb} and {@code ...OnPostgres} annotated {@code @OnDatabase(H2 | MARIADB | POSTGRES)}.
 * Each database gets one cached application context; an unreachable one is skipped with its reason,
 * or fails the run when {@code CI=true}. Tests share the database, so each must use unique business
 * numbers ({@link TestNumbers}) instead of expecting empty tables.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
@Import({CleanMigrateStrategy.class, TestClockConfiguration.class, TestPasswordConfiguration.class})
@ExtendWith(DatabaseReachableCondition.class)
@ContextCustomizerFactories(OnDatabaseCustomizerFactory.class)
public @interface PayOnceIntegrationTest {}
