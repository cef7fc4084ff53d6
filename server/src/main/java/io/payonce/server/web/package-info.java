/** What every HTTP adapter of the server shares: RFC 9457 problem responses with stable types. */
package io.payonce.server.web;
