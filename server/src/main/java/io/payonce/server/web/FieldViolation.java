package io.payonce.server.web;

/** One invalid field of a request, as listed in a validation problem's {@code errors}. */
public record FieldViolation(String field, String message) {}
