package io.payonce.server.order;

import java.math.BigDecimal;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code payonce.orders.*}: what the orders API accepts.
 *
 * @param currencies ISO 4217 codes accepted for new orders
 * @param maxAmount the largest amount of one order, in major units (Alipay's own limit by default)
 */
@ConfigurationProperties("payonce.orders")
public record OrderProperties(
    @DefaultValue("CNY") Set<String> currencies,
    @DefaultValue("100000000.00") BigDecimal maxAmount) {}
