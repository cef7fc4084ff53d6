package io.payonce.server.reconcile;

import io.payonce.server.channel.BillSource;
import io.payonce.server.channel.BillUnavailableException;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.alipay.AlipayChannel;
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
 * Alipay's bill of a day: asks for the short-lived URL, then GETs it as a stream (no signature, a
 * plain GET, reference §1.6.8). The body is never buffered whole.
 */
@Component
class AlipayBillDownload {

  private final ObjectProvider<AlipayChannel> channel;
  private final HttpClient http;
  private final Duration timeout;

  AlipayBillDownload(ObjectProvider<AlipayChannel> channel, ReconcileProperties properties) {
    this.channel = channel;
    this.timeout = properties.downloadTimeout();
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(timeout)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
  }

  BillSource of(LocalDate billDate) {
    return () -> open(billDate);
  }

  private InputStream open(LocalDate billDate) throws IOException, BillUnavailableException {
    ChannelOutcome<String> url = channel.getObject().tradeBillUrl(billDate);
    if (url instanceof ChannelOutcome.Refused<String> refused
        && refused.is(AlipayChannel.BILL_NOT_EXIST)) {
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
