/** HTTP adapter of pay tokens: {@code GET /api/pay/get-token}. */
package io.payonce.server.paytoken.web;
