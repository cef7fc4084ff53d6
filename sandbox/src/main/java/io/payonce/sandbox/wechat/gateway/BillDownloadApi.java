package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.wechat.bill.WechatBills;
import org.springframework.stereotype.Component;

/**
 * {@code GET /v3/billdownload/file?token=}: the bill's bytes (gzip when asked), a signed request
 * and an unsigned response, as the SDK's download expects.
 */
@Component
class BillDownloadApi extends V3Api {

  private final WechatBills bills;

  BillDownloadApi(WechatBills bills) {
    super("wechat.bill.download", "GET", "/v3/billdownload/file");
    this.bills = bills;
  }

  @Override
  String outTradeNo(V3Call call) {
    return null;
  }

  @Override
  V3Reply handle(V3Call call) {
    return bills
        .download(call.queryValues().get("token"))
        .map(V3Reply::bytes)
        .orElseThrow(() -> new V3Failure(400, "INVALID_REQUEST", "下载链接已失效，请重新获取"));
  }
}
