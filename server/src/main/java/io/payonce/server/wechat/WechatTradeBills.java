package io.payonce.server.wechat;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.billdownload.DigestBillEntity;
import com.wechat.pay.java.service.billdownload.model.BillType;
import com.wechat.pay.java.service.billdownload.model.GetTradeBillRequest;
import io.payonce.server.channel.BillFormatException;
import io.payonce.server.channel.BillSink;
import io.payonce.server.channel.BillSource;
import io.payonce.server.channel.BillTotals;
import io.payonce.server.channel.BillUnavailableException;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelBills;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.LocalDate;

/**
 * WeChat Pay's trade bill (bill_type ALL): the library asks for the day's download address and
 * downloads it (a signed request), and its SHA-1 is checked against the hash WeChat stated once the
 * bill was read to its end — a bill whose hash does not match fails the read, so a corrupted bill
 * is never taken for a day with other trades. Read by {@link WechatTradeBillReader}.
 */
class WechatTradeBills implements ChannelBills {

  private final WechatAccounts accounts;

  WechatTradeBills(WechatAccounts accounts) {
    this.accounts = accounts;
  }

  @Override
  public Channel channel() {
    return Channel.WECHAT;
  }

  /** The library's own timeouts apply ({@code payonce.wechat.read-timeout}). */
  @Override
  public BillSource tradeBill(LocalDate billDate, Duration timeout) {
    return tradeBill(io.payonce.server.channel.ChannelConfigKey.BOOTSTRAP, billDate, timeout);
  }

  /** The bill of one configuration's merchant: asked with that merchant's keys. */
  @Override
  public BillSource tradeBill(String configKey, LocalDate billDate, Duration timeout) {
    return () -> open(configKey, billDate);
  }

  @Override
  public BillTotals read(InputStream bill, BillSink sink) throws BillFormatException {
    return WechatTradeBillReader.read(bill, sink);
  }

  private InputStream open(String configKey, LocalDate billDate)
      throws IOException, BillUnavailableException {
    WechatClientProvider provider =
        accounts
            .account(configKey)
            .orElseThrow(
                () -> new BillUnavailableException("no WeChat Pay configuration " + configKey))
            .provider();
    GetTradeBillRequest request = new GetTradeBillRequest();
    request.setBillDate(billDate.toString());
    request.setBillType(BillType.ALL);
    DigestBillEntity entity;
    try {
      entity = provider.clients().bills().getTradeBill(request);
    } catch (ServiceException e) {
      if ("NO_STATEMENT_EXIST".equals(e.getErrorCode())) {
        throw BillUnavailableException.noTradesThatDay(
            "WeChat Pay has no bill of " + billDate + " (NO_STATEMENT_EXIST)");
      }
      throw new BillUnavailableException(
          "WeChat Pay refused the bill of " + billDate + ": " + e.getErrorCode());
    } catch (RuntimeException e) {
      throw new BillUnavailableException(
          "WeChat Pay gave no bill of " + billDate + ": " + e.getClass().getSimpleName());
    }
    return new HashChecked(entity);
  }

  /** The bill as it arrives; at its end, WeChat's stated SHA-1 must match what was read. */
  private static final class HashChecked extends FilterInputStream {

    private final DigestBillEntity entity;
    private boolean checked;

    HashChecked(DigestBillEntity entity) {
      super(entity.getInputStream());
      this.entity = entity;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b < 0) {
        check();
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      if (n < 0) {
        check();
      }
      return n;
    }

    private void check() throws IOException {
      if (!checked) {
        checked = true;
        if (!entity.verifyHash()) {
          throw new IOException("the bill's SHA-1 does not match the hash WeChat Pay stated");
        }
      }
    }
  }
}
