package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.wechat.WechatTime;
import io.payonce.sandbox.wechat.bill.WechatBills;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code GET /v3/bill/tradebill?bill_date=&bill_type=&tar_type=}: {@code {hash_type: SHA1,
 * hash_value, download_url}} for a finished day of the last three months; a day without trades is
 * 400 NO_STATEMENT_EXIST (or an empty file, billEmptyDay=EMPTY_FILE).
 */
@Component
class TradeBillApi extends V3Api {

  private final WechatBills bills;
  private final Chaos chaos;
  private final SandboxClock clock;

  TradeBillApi(WechatBills bills, Chaos chaos, SandboxClock clock) {
    super("wechat.bill", "GET", "/v3/bill/tradebill");
    this.bills = bills;
    this.chaos = chaos;
    this.clock = clock;
  }

  @Override
  String outTradeNo(V3Call call) {
    return null;
  }

  @Override
  V3Reply handle(V3Call call) {
    LocalDate day = day(call.queryValues().get("bill_date"));
    WechatBills.BillType type = type(call.queryValues().get("bill_type"));
    String tarType = call.queryValues().get("tar_type");
    if (tarType != null && !tarType.equals("GZIP")) {
      throw new V3Failure(400, "PARAM_ERROR", "tar_type 只能是 GZIP");
    }
    LocalDate today = WechatTime.date(clock.now());
    if (!day.isBefore(today)) {
      throw new V3Failure(400, "INVALID_REQUEST", "账单日期不合法，只能下载已结束日期的账单");
    }
    if (day.isBefore(today.minusMonths(3))) {
      throw new V3Failure(400, "INVALID_REQUEST", "只能下载三个月以内的账单");
    }
    if (chaos.flag(ChaosKnob.BILL_STATEMENT_CREATING, name(), null)) {
      throw new V3Failure(400, "STATEMENT_CREATING", "账单生成中，请稍后再试");
    }
    boolean emptyFile = "EMPTY_FILE".equals(chaos.choice(ChaosKnob.BILL_EMPTY_DAY, name(), null));
    WechatBills.Issued bill =
        bills
            .issue(
                call.merchant().mchid(),
                day,
                type,
                tarType != null,
                emptyFile,
                chaos.flag(ChaosKnob.BILL_BOM, name(), null))
            .orElseThrow(() -> new V3Failure(400, "NO_STATEMENT_EXIST", "账单文件不存在"));
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("hash_type", "SHA1");
    json.put("hash_value", bill.sha1());
    json.put(
        "download_url",
        call.baseUrl() + WechatApiController.BASE + "/v3/billdownload/file?token=" + bill.token());
    return V3Reply.ok(json);
  }

  private static LocalDate day(String billDate) {
    if (billDate == null) {
      throw new V3Failure(400, "PARAM_ERROR", "缺少参数 bill_date");
    }
    try {
      return LocalDate.parse(billDate);
    } catch (DateTimeParseException e) {
      throw new V3Failure(400, "INVALID_REQUEST", "bill_date 格式应为 yyyy-MM-DD");
    }
  }

  private static WechatBills.BillType type(String billType) {
    if (billType == null) {
      return WechatBills.BillType.ALL;
    }
    try {
      return WechatBills.BillType.valueOf(billType);
    } catch (IllegalArgumentException e) {
      throw new V3Failure(400, "PARAM_ERROR", "bill_type 只能是 ALL、SUCCESS 或 REFUND");
    }
  }
}
