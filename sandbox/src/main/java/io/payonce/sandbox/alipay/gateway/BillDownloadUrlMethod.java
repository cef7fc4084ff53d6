package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.bill.AlipayBills;
import io.payonce.sandbox.alipay.bill.BillPeriod;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.clock.SandboxClock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * {@code alipay.data.dataservice.bill.downloadurl.query}: the trade bill of a finished day or month
 * (T+1). Only {@code bill_type=trade} is simulated.
 */
@Component
class BillDownloadUrlMethod extends AlipayMethod {

  private final AlipayBills bills;
  private final Chaos chaos;
  private final SandboxClock clock;

  BillDownloadUrlMethod(AlipayBills bills, Chaos chaos, SandboxClock clock) {
    super("alipay.data.dataservice.bill.downloadurl.query");
    this.bills = bills;
    this.chaos = chaos;
    this.clock = clock;
  }

  @Override
  AlipayReply handle(GatewayCall call) {
    BizContent biz = call.biz();
    String billType = biz.required("bill_type");
    BillPeriod period;
    try {
      period = BillPeriod.parse(biz.required("bill_date"));
    } catch (IllegalArgumentException e) {
      return AlipayReply.business("isv.invalid_arguments", "bill_date 格式不正确");
    }
    if (!billType.equals("trade") && !billType.equals("signcustomer")) {
      return AlipayReply.business("isv.invalid_arguments", "bill_type 只能是 trade 或 signcustomer");
    }
    if (!period.over(clock.now())) {
      return AlipayReply.business("isv.invalid_arguments", "只能查询已结束的日期（T+1）");
    }
    boolean emptyFile = "EMPTY_FILE".equals(chaos.choice(ChaosKnob.BILL_EMPTY_DAY, name(), null));
    Optional<String> url =
        billType.equals("trade")
            ? bills.downloadUrl(call.app(), period, call.baseUrl(), emptyFile)
            : Optional.empty();
    if (url.isEmpty()) {
      return AlipayReply.business("isp.bill_not_exist", "账单不存在");
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("bill_download_url", url.get());
    return AlipayReply.success(fields);
  }
}
