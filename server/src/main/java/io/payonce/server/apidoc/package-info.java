/**
 * The merchant API's OpenAPI document ({@code /v3/api-docs}, Swagger UI): drawn by springdoc from
 * the controllers, with the signed-request scheme, the problem types and the webhook events added
 * from the code that defines them. Nothing depends on this module.
 */
package io.payonce.server.apidoc;
