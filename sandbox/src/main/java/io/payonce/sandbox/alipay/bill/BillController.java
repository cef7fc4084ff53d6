package io.payonce.sandbox.alipay.bill;

import io.payonce.sandbox.alipay.AlipayApp;
import io.payonce.sandbox.alipay.AlipayApps;
import io.payonce.sandbox.web.SandboxProblem;
import java.util.Map;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The bill download URL target, and {@code POST /sandbox/alipay/bills/generate}: at most {@link
 * #MAX_ROWS} rows, and as many of each discrepancy (the bill is built in memory; 99,999,999 rows
 * exhausted the heap).
 */
@RestController
class BillController {

  static final int MAX_ROWS = 100_000;

  private final AlipayBills bills;
  private final BillGenerator generator;
  private final AlipayApps apps;

  BillController(AlipayBills bills, BillGenerator generator, AlipayApps apps) {
    this.bills = bills;
    this.generator = generator;
    this.apps = apps;
  }

  @GetMapping("/sandbox/alipay/bills/downloadBillFile.resource")
  ResponseEntity<byte[]> download(@RequestParam(required = false) String token) {
    AlipayBills.IssuedBill bill =
        bills
            .download(token)
            .orElseThrow(
                () ->
                    new SandboxProblem(
                        HttpStatus.NOT_FOUND,
                        "bill-url-expired",
                        "this bill URL is unknown or past its validity"));
    return ResponseEntity.ok()
        .contentType(MediaType.APPLICATION_OCTET_STREAM)
        .header(
            HttpHeaders.CONTENT_DISPOSITION,
            ContentDisposition.attachment().filename(bill.fileName()).build().toString())
        .body(bill.zip());
  }

  @PostMapping("/sandbox/alipay/bills/generate")
  BillGenerator.GeneratedBill generate(@RequestBody GenerateBill request) {
    if (request.billDate() == null
        || request.rows() == null
        || request.rows() < 0
        || request.rows() > MAX_ROWS) {
      throw new IllegalArgumentException("billDate and rows, 0 to " + MAX_ROWS + ", are required");
    }
    Map<String, Integer> discrepancies =
        request.discrepancies() == null ? Map.of() : request.discrepancies();
    discrepancies.forEach(
        (name, count) -> {
          if (!BillGenerator.DISCREPANCIES.contains(name)
              || count == null
              || count < 0
              || count > MAX_ROWS) {
            throw new IllegalArgumentException(
                "discrepancies are counts, 0 to "
                    + MAX_ROWS
                    + ", of "
                    + BillGenerator.DISCREPANCIES);
          }
        });
    return generator.generate(
        app(request.appId()),
        request.billDate(),
        request.rows(),
        discrepancies,
        request.seed() == null ? 42L : request.seed());
  }

  private AlipayApp app(String appId) {
    if (appId != null) {
      return apps.find(appId)
          .orElseThrow(() -> new IllegalArgumentException("unknown appId " + appId));
    }
    return apps.all().stream()
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("register an app first, or name appId"));
  }

  record GenerateBill(
      String appId, String billDate, Integer rows, Map<String, Integer> discrepancies, Long seed) {}
}
