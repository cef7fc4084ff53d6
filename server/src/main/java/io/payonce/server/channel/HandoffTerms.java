package io.payonce.server.channel;

import io.payonce.server.money.Money;
import java.time.Instant;

/** What a hand-off is issued for: the trade's terms, fixed when its payment was opened. */
public record HandoffTerms(
    String outTradeNo, Money amount, String subject, Instant expireAt, BuyerFacts buyer) {}
