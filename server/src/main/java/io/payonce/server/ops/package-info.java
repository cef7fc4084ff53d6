/**
 * The operator's console: who may use it and how ({@code OpsSecurity}: form login with CSRF tokens
 * for people, HTTP Basic for programs, viewer/operator/admin by URL and method; the bootstrap admin
 * from {@code payonce.ops.*}, the other operators from the {@code operator} module).
 */
package io.payonce.server.ops;
