package io.payonce.server.alipay;

import io.payonce.server.channel.BillFormatException;
import io.payonce.server.channel.BillSink;
import io.payonce.server.channel.BillSource;
import io.payonce.server.channel.BillTotals;
import io.payonce.server.channel.BillUnavailableException;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelBills;
import io.payonce.server.channel.ChannelOutcome;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Alipay's trade bill: the SDK call for the day's short-lived URL, then a plain GET of it as a
 * stream (no signature, reference §1.6.8), never buffered whole; read by {@link
 * AlipayTradeBillReader}.
 */
@Component
class AlipayTradeBills implements ChannelBills {

  private final ObjectProvider<AlipayAccounts> accounts;

  // No connect timeout of its own: a request's timeout bounds the wait for its response from the
  // moment it is sent, connecting included.
  private final HttpClient http =
      HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();

  AlipayTradeBills(ObjectProvider<AlipayAccounts> accounts) {
    this.accounts = accounts;
  }

  @Override
  public Channel channel() {
    return Channel.ALIPAY;
  }

  @Override
  public BillSource tradeBill(LocalDate billDate, Duration timeout) {
    return tradeBill(io.payonce.server.channel.ChannelConfigKey.BOOTSTRAP, billDate, timeout);
  }

  /** The bill of one configuration's Alipay app: asked with that app's id and keys. */
  @Override
  public BillSource tradeBill(String configKey, LocalDate billDate, Duration timeout) {
    return () -> open(configKey, billDate, timeout);
  }

  @Override
  public BillTotals read(InputStream bill, BillSink sink) throws BillFormatException {
    return AlipayTradeBillReader.read(bill, sink);
  }

  private InputStream open(String configKey, LocalDate billDate, Duration timeout)
      throws IOException, BillUnavailableException {
    AlipayChannel channel =
        accounts
            .getObject()
            .adapter(configKey)
            .orElseThrow(
                () -> new BillUnavailableException("no Alipay configuration " + configKey));
    ChannelOutcome<String> url = channel.tradeBillUrl(billDate);
    if (url instanceof ChannelOutcome.Refused<String> refused
        && refused.is(io.payonce.server.channel.Refusal.BILL_NOT_FOUND)) {
      throw BillUnavailableException.noTradesThatDay(
          "Alipay has no bill of " + billDate + " (" + AlipayChannel.BILL_NOT_EXIST + ")");
    }
    if (url instanceof ChannelOutcome.Refused<String> refused) {
      throw new BillUnavailableException(
          "Alipay refused the bill of " + billDate + ": " + refused.subCode());
    }
    if (url instanceof ChannelOutcome.Unknown<String> unknown) {
      throw new BillUnavailableException(
          "Alipay gave no bill of " + billDate + ": " + unknown.reason());
    }
    String address = ((ChannelOutcome.Done<String>) url).value();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(address)).timeout(timeout).GET().build();
    try {
      HttpResponse<InputStream> response =
          http.send(request, HttpResponse.BodyHandlers.ofInputStream());
      if (response.statusCode() != 200) {
        response.body().close();
        throw new BillUnavailableException(
            "the bill download answered HTTP " + response.statusCode());
      }
      return response.body();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while downloading the bill", e);
    }
  }
}
