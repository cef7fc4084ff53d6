package io.payonce.server.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How large a request body may be; a larger one is refused with 413 before it is read further (on a
 * channel callback, with the channel's failure reply). Headers are bounded by Tomcat ({@code
 * server.max-http-request-header-size}), form bodies also by {@code
 * server.tomcat.max-http-form-post-size}; the POST endpoints that honour idempotency keys by the
 * key's stored body (4000 characters).
 *
 * @param maxBody the largest body of the JSON API and the pages
 * @param maxCallbackBody the largest body of a channel's callback
 */
@ConfigurationProperties("payonce.limits")
public record RequestLimits(
    @DefaultValue("16KB") DataSize maxBody, @DefaultValue("64KB") DataSize maxCallbackBody) {}
