package io.payonce.sandbox.alipay.bill;

import static io.payonce.sandbox.alipay.AlipayCalls.refund;
import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.domain.AlipayDataDataserviceBillDownloadurlQueryModel;
import com.alipay.api.request.AlipayDataDataserviceBillDownloadurlQueryRequest;
import com.alipay.api.response.AlipayDataDataserviceBillDownloadurlQueryResponse;
import io.payonce.sandbox.EachClockStart;
import io.payonce.sandbox.SandboxIntegrationTest;
import io.payonce.sandbox.alipay.AlipaySandboxTestSupport;
import io.payonce.sandbox.alipay.AlipayTime;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.JsonNode;

@SandboxIntegrationTest
@EachClockStart
class AlipayBillIntegrationTests extends AlipaySandboxTestSupport {

  private static final Charset GBK = Charset.forName("GBK");

  @Test
  void theBillZipParsesBackToTheLedgersRowsAndTotals() throws IOException {
    String first = outTradeNo();
    walletPay(precreate(first, "88.88").getQrCode());
    execute(refund(first, "10.00", "R1"));
    String second = outTradeNo();
    walletPay(precreate(second, "1.12").getQrCode());
    String today = AlipayTime.date(sandboxNow()).toString();
    moveClock("P1D");

    AlipayDataDataserviceBillDownloadurlQueryResponse response = billUrl(today);
    assertThat(response.isSuccess()).isTrue();
    byte[] zip = http.get().uri(response.getBillDownloadUrl()).retrieve().body(byte[].class);
    Map<String, String> files = unzip(zip);

    String account = SELLER_ID + "0156";
    String detail = files.get(account + "_" + today.replace("-", "") + "_业务明细.csv");
    assertThat(detail).isNotNull();
    assertThat(files).containsKey(account + "_" + today.replace("-", "") + "_业务明细(汇总).csv");
    List<Map<String, String>> rows = rows(detail);
    assertThat(rows).hasSize(3);
    assertThat(rows)
        .extracting(r -> r.get("商户订单号") + "/" + r.get("业务类型") + "/" + r.get("订单金额（元）"))
        .containsExactlyInAnyOrder(first + "/交易/88.88", first + "/退款/-10.00", second + "/交易/1.12");
    assertThat(rows)
        .filteredOn(r -> r.get("业务类型").equals("退款"))
        .extracting(r -> r.get("退款批次号/请求号"))
        .containsExactly("R1");
    assertThat(detail).contains("#交易合计：2笔，商家实收共90.00元").contains("#退款合计：1笔，商家实收退款共-10.00元");
    BigDecimal net =
        rows.stream()
            .map(r -> new BigDecimal(r.get("商家实收（元）")))
            .reduce(BigDecimal.ZERO, BigDecimal::add);
    assertThat(net).isEqualByComparingTo("80.00");
  }

  @Test
  void theDownloadUrlExpiresAfterThirtySeconds() {
    walletPay(precreate(outTradeNo(), "1.00").getQrCode());
    String today = AlipayTime.date(sandboxNow()).toString();
    moveClock("P1D");
    String url = billUrl(today).getBillDownloadUrl();
    moveClock("P1DT31S");

    var expired =
        http.get()
            .uri(url)
            .retrieve()
            .onStatus(status -> true, (request, r) -> {})
            .toEntity(String.class);
    assertThat(expired.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
  }

  @Test
  void todaysBillIsRefusedAndAnEmptyDayHasNoBillUnlessTheKnobAsksForAnEmptyFile()
      throws IOException {
    String today = AlipayTime.date(sandboxNow()).toString();
    assertThat(billUrl(today).getSubCode()).isEqualTo("isv.invalid_arguments");
    assertThat(billUrl("2020-01-01").getSubCode()).isEqualTo("isp.bill_not_exist");

    putChaos(Map.of("billEmptyDay", "EMPTY_FILE"));
    String url = billUrl("2020-01-01").getBillDownloadUrl();
    String detail = detailFile(url);
    assertThat(rows(detail)).isEmpty();
  }

  @Test
  void aGeneratedBillCarriesExactlyTheInjectedDiscrepancies() throws IOException {
    JsonNode generated =
        postJson(
            "/sandbox/alipay/bills/generate",
            Map.of(
                "appId",
                APP_ID,
                "billDate",
                "2024-01-01",
                "rows",
                50,
                "discrepancies",
                Map.of("missingInBill", 2, "extraInBill", 3, "amountMismatch", 1)));
    assertThat(generated.get("truthRows").asInt()).isEqualTo(50);
    assertThat(generated.get("billRows").asInt()).isEqualTo(51);

    String url = billUrl("2024-01-01").getBillDownloadUrl();
    String detail = detailFile(url);
    Map<String, String> billed = new HashMap<>();
    rows(detail).forEach(r -> billed.put(r.get("商户订单号"), r.get("订单金额（元）")));
    Map<String, String> truth = new HashMap<>();
    generated
        .get("truth")
        .forEach(t -> truth.put(t.get("outTradeNo").asString(), t.get("amount").asString()));

    List<String> missing = truth.keySet().stream().filter(k -> !billed.containsKey(k)).toList();
    List<String> extra = billed.keySet().stream().filter(k -> !truth.containsKey(k)).toList();
    List<String> mismatched =
        truth.keySet().stream()
            .filter(k -> billed.containsKey(k) && !billed.get(k).equals(truth.get(k)))
            .toList();
    assertThat(missing)
        .containsExactlyInAnyOrderElementsOf(
            generated
                .get("discrepancies")
                .get("missingInBill")
                .valueStream()
                .map(JsonNode::asString)
                .toList());
    assertThat(extra).hasSize(3);
    assertThat(mismatched)
        .containsExactly(
            generated
                .get("discrepancies")
                .get("amountMismatch")
                .get(0)
                .get("outTradeNo")
                .asString());
  }

  private AlipayDataDataserviceBillDownloadurlQueryResponse billUrl(String billDate) {
    AlipayDataDataserviceBillDownloadurlQueryModel model =
        new AlipayDataDataserviceBillDownloadurlQueryModel();
    model.setBillType("trade");
    model.setBillDate(billDate);
    AlipayDataDataserviceBillDownloadurlQueryRequest request =
        new AlipayDataDataserviceBillDownloadurlQueryRequest();
    request.setBizModel(model);
    return execute(request);
  }

  private String detailFile(String url) throws IOException {
    return unzip(http.get().uri(url).retrieve().body(byte[].class)).entrySet().stream()
        .filter(e -> e.getKey().endsWith("_业务明细.csv"))
        .findFirst()
        .orElseThrow()
        .getValue();
  }

  private static Map<String, String> unzip(byte[] zip) throws IOException {
    Map<String, String> files = new HashMap<>();
    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip), GBK)) {
      for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
        assertThat(entry.getName()).doesNotContain("\uFFFD");
        files.put(entry.getName(), new String(in.readAllBytes(), GBK));
      }
    }
    return files;
  }

  /** Parses the detail CSV the way a reconciler must: # framing, header by name, trimmed cells. */
  private static List<Map<String, String>> rows(String csv) {
    List<Map<String, String>> rows = new ArrayList<>();
    String[] header = null;
    for (String line : csv.split("\r\n")) {
      if (line.startsWith("#") || line.isBlank()) {
        continue;
      }
      String[] cells = line.split(",", -1);
      if (header == null) {
        header = cells;
        continue;
      }
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < header.length; i++) {
        row.put(header[i].trim(), cells[i].trim());
      }
      rows.add(row);
    }
    return rows;
  }
}
