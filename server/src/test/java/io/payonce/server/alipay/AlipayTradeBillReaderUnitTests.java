package io.payonce.server.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.server.channel.BadBillLine;
import io.payonce.server.channel.BillFormatException;
import io.payonce.server.channel.BillLine;
import io.payonce.server.channel.BillSink;
import io.payonce.server.channel.BillTotals;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class AlipayTradeBillReaderUnitTests {

  private static final LocalDate DAY = LocalDate.of(2026, 11, 28);

  private final List<BillLine> lines = new ArrayList<>();
  private final List<BadBillLine> bad = new ArrayList<>();
  private final BillSink sink =
      new BillSink() {
        @Override
        public void line(BillLine line) {
          lines.add(line);
        }

        @Override
        public void bad(BadBillLine line) {
          bad.add(line);
        }
      };

  @Test
  void readsPaymentsAndRefundsWithTrimmedCellsAndExactAmounts() throws Exception {
    byte[] zip =
        bill(
            writer -> {
              writer.payment("2026112822001400000000000001", "OTN001", 8888);
              writer.refund("2026112822001400000000000001", "OTN001", 1000, "R001");
            });

    BillTotals footer = AlipayTradeBillReader.read(new ByteArrayInputStream(zip), sink);

    assertThat(footer).isEqualTo(new BillTotals(1, 8888, 1, -1000));
    assertThat(lines)
        .extracting(
            BillLine::lineNo,
            BillLine::kind,
            BillLine::outTradeNo,
            BillLine::amountMinor,
            BillLine::outRequestNo)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1L, BillLine.Kind.PAYMENT, "OTN001", 8888L, null),
            org.assertj.core.groups.Tuple.tuple(
                2L, BillLine.Kind.REFUND, "OTN001", -1000L, "R001"));
    assertThat(lines.get(0).tradeNo()).isEqualTo("2026112822001400000000000001");
    assertThat(lines.get(0).finishedAt()).hasToString("2026-11-28T02:00:04Z");
    assertThat(bad).isEmpty();
  }

  @Test
  void acceptsHalfWidthHeaderSpelling() throws Exception {
    String halfWidth = AlipayBillWriter.HEADER.replace('（', '(').replace('）', ')');
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (AlipayBillWriter writer =
        new AlipayBillWriter(out, DAY, AlipayTradeBillReader.GBK, halfWidth)) {
      writer.payment("T1", "OTN1", 1);
    }

    AlipayTradeBillReader.read(new ByteArrayInputStream(out.toByteArray()), sink);

    assertThat(lines).extracting(BillLine::outTradeNo).containsExactly("OTN1");
  }

  @Test
  void recordsGarbageRowsAndKeepsTheGoodOnes() throws Exception {
    byte[] zip =
        bill(
            writer -> {
              writer.payment("T1", "OTN1", 100);
              writer.garbage("this is not a bill row");
              writer.payment("T3", "OTN3", 300);
            });

    AlipayTradeBillReader.read(new ByteArrayInputStream(zip), sink);

    assertThat(lines).extracting(BillLine::outTradeNo).containsExactly("OTN1", "OTN3");
    assertThat(bad).singleElement().satisfies(line -> assertThat(line.lineNo()).isEqualTo(2));
  }

  @Test
  void rejectsAZipCutShort() {
    byte[] zip = bill(writer -> writer.payment("T1", "OTN1", 100));
    byte[] cut = Arrays.copyOf(zip, zip.length / 2);

    assertThatThrownBy(() -> AlipayTradeBillReader.read(new ByteArrayInputStream(cut), sink))
        .isInstanceOf(BillFormatException.class)
        .hasMessageContaining("truncated");
  }

  @Test
  void rejectsADetailFileWithoutItsFooter() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (java.util.zip.ZipOutputStream zip =
        new java.util.zip.ZipOutputStream(out, AlipayTradeBillReader.GBK)) {
      zip.putNextEntry(new java.util.zip.ZipEntry("x_20261128_业务明细.csv"));
      zip.write(
          (AlipayBillWriter.HEADER
                  + "\r\nT1\t,OTN1\t,交易\t,x,a,b,,,,,,1.00,1.00,0,0,0,0,0,,0,0,,0,0,\r\n")
              .getBytes(AlipayTradeBillReader.GBK));
      zip.closeEntry();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }

    assertThatThrownBy(
            () -> AlipayTradeBillReader.read(new ByteArrayInputStream(out.toByteArray()), sink))
        .isInstanceOf(BillFormatException.class)
        .hasMessageContaining("no end-of-list marker");
  }

  @Test
  void rejectsUtf8Text() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (AlipayBillWriter writer =
        new AlipayBillWriter(out, DAY, StandardCharsets.UTF_8, AlipayBillWriter.HEADER)) {
      writer.payment("T1", "OTN1", 100);
    }

    assertThatThrownBy(
            () -> AlipayTradeBillReader.read(new ByteArrayInputStream(out.toByteArray()), sink))
        .isInstanceOf(BillFormatException.class)
        .hasMessageContaining("GBK");
    assertThat(lines).isEmpty();
  }

  @Test
  void rejectsAHeaderWithoutTheOutTradeNoColumn() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String header = AlipayBillWriter.HEADER.replace("商户订单号,", "");
    try (AlipayBillWriter writer =
        new AlipayBillWriter(out, DAY, AlipayTradeBillReader.GBK, header)) {
      writer.payment("T1", "OTN1", 100);
    }

    assertThatThrownBy(
            () -> AlipayTradeBillReader.read(new ByteArrayInputStream(out.toByteArray()), sink))
        .isInstanceOf(BillFormatException.class)
        .hasMessageContaining("商户订单号");
  }

  @Test
  void rejectsRowsThatDoNotAddUpToTheFooter() {
    byte[] zip =
        bill(
            writer -> {
              writer.payment("T1", "OTN1", 100);
              writer.garbage("#交易合计：5笔，商家实收共9.99元，商家优惠共0.00元");
            });

    assertThatThrownBy(() -> AlipayTradeBillReader.read(new ByteArrayInputStream(zip), sink))
        .isInstanceOf(BillFormatException.class)
        .hasMessageContaining("footer");
  }

  private static byte[] bill(Consumer<AlipayBillWriter> rows) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (AlipayBillWriter writer = AlipayBillWriter.gbk(out, DAY)) {
      rows.accept(writer);
    }
    return out.toByteArray();
  }
}
