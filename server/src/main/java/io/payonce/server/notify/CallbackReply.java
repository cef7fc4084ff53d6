package io.payonce.server.notify;

import org.springframework.http.MediaType;

/**
 * An answer to a channel's delivery, exactly as the protocol wants it.
 *
 * @param contentType null for an answer without a body
 * @param body the exact body; empty for none
 * @param receiptText how the answer is written in the delivery's receipt (e.g. {@code success},
 *     {@code 204}, {@code 400 FAIL})
 */
public record CallbackReply(int status, MediaType contentType, String body, String receiptText) {}
