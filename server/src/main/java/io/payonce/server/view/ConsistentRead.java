package io.payonce.server.view;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A read-only transaction with one snapshot for all its statements, so a view's parts agree (a
 * payment's status and its journal, an order and its payments). Repeatable read, because the
 * default of PostgreSQL and H2, read committed, gives every statement a snapshot of its own.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
@interface ConsistentRead {}
