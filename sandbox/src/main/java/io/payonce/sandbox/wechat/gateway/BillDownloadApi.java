package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.wechat.bill.WechatBills;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * {@code GET /v3/billdownload/file?token=}: the bill's bytes (gzip when asked), a signed request
 * and an unsigned response, as the SDK's download expects.
 */
@Component
class BillDownloadApi implements V3Api {

  private static final Pattern PATH = Pattern.compile("/v3/billdownload/file");

  private final WechatBills bills;

  BillDownloadApi(WechatBills bills) {
    this.bills = bills;
  }

  @Override
  public String name() {
    return "wechat.bill.download";
  }

  @Override
  public String httpMethod() {
    return "GET";
  }

  @Override
  public Pattern path() {
    return PATH;
  }

  @Override
  public String outTradeNo(V3Call call) {
    return null;
  }

  @Override
  public V3Reply handle(V3Call call) {
    return bills
        .download(call.queryValues().get("token"))
        .map(V3Reply::bytes)
        .orElseThrow(() -> new V3Failure(400, "INVALID_REQUEST", "下载链接已失效，请重新获取"));
  }
}
