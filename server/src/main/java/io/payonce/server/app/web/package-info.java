/**
 * The merchant API's authentication on Spring Security's extension points: a converter reads the
 * signed request's headers and body digest, a provider verifies it against the app's secrets, the
 * window and the nonce store, and refusals are RFC 9457 problems (401, 403 for a disabled app).
 */
package io.payonce.server.app.web;
