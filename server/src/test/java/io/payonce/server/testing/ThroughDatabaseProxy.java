package io.payonce.server.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The {@link PayOnceIntegrationTest}'s datasource reaches its {@link OnDatabase} (MariaDB or
 * PostgreSQL; H2 in memory has no connection to break) through this test JVM's {@link TcpProxy} in
 * front of it, which the test gets as the bean {@code databaseProxy} to lose a COMMIT's answer or
 * cut the database away. The same database and its rows as the other contexts', in a context of its
 * own.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
public @interface ThroughDatabaseProxy {}
