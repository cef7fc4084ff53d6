package io.payonce.sandbox.ledger;

import java.util.List;
import java.util.function.Function;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * A ledger as the sandbox lists it to tests, the ground truth of what buyers paid: one
 * out_trade_no's orders, or a page of all of them ({@code page}, {@code size}) with the total in
 * {@code X-Total-Count}. A channel's controller extends it with its path ({@code @RequestMapping})
 * and its rows, in the channel's own words.
 */
public abstract class LedgerListing<O extends LedgerEntry, R> {

  private static final int MAX_PAGE_SIZE = 10_000;

  private final Ledger<O> ledger;
  private final Function<O, R> row;

  protected LedgerListing(Ledger<O> ledger, Function<O, R> row) {
    this.ledger = ledger;
    this.row = row;
  }

  @GetMapping
  public ResponseEntity<List<R>> list(
      @RequestParam(required = false) String outTradeNo,
      @RequestParam(defaultValue = "0") int page,
      @RequestParam(defaultValue = "100") int size) {
    if (page < 0 || size < 1 || size > MAX_PAGE_SIZE) {
      throw new IllegalArgumentException("page must be >= 0 and size between 1 and 10000");
    }
    List<O> orders = outTradeNo != null ? ledger.byOutTradeNo(outTradeNo) : ledger.page(page, size);
    int total = outTradeNo != null ? orders.size() : ledger.size();
    return ResponseEntity.ok()
        .header("X-Total-Count", Integer.toString(total))
        .body(orders.stream().map(row).toList());
  }
}
