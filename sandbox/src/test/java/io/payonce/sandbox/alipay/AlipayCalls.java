package io.payonce.sandbox.alipay;

import com.alipay.api.domain.AlipayTradeCancelModel;
import com.alipay.api.domain.AlipayTradeCloseModel;
import com.alipay.api.domain.AlipayTradeFastpayRefundQueryModel;
import com.alipay.api.domain.AlipayTradePayModel;
import com.alipay.api.domain.AlipayTradeQueryModel;
import com.alipay.api.domain.AlipayTradeRefundModel;
import com.alipay.api.request.AlipayTradeCancelRequest;
import com.alipay.api.request.AlipayTradeCloseRequest;
import com.alipay.api.request.AlipayTradeFastpayRefundQueryRequest;
import com.alipay.api.request.AlipayTradePayRequest;
import com.alipay.api.request.AlipayTradeQueryRequest;
import com.alipay.api.request.AlipayTradeRefundRequest;
import java.util.List;

/** SDK requests as a merchant builds them. */
public final class AlipayCalls {

  private AlipayCalls() {}

  public static AlipayTradeQueryRequest query(String outTradeNo) {
    AlipayTradeQueryModel model = new AlipayTradeQueryModel();
    model.setOutTradeNo(outTradeNo);
    AlipayTradeQueryRequest request = new AlipayTradeQueryRequest();
    request.setBizModel(model);
    return request;
  }

  public static AlipayTradeCloseRequest close(String outTradeNo) {
    AlipayTradeCloseModel model = new AlipayTradeCloseModel();
    model.setOutTradeNo(outTradeNo);
    AlipayTradeCloseRequest request = new AlipayTradeCloseRequest();
    request.setBizModel(model);
    return request;
  }

  public static AlipayTradeCancelRequest cancel(String outTradeNo) {
    AlipayTradeCancelModel model = new AlipayTradeCancelModel();
    model.setOutTradeNo(outTradeNo);
    AlipayTradeCancelRequest request = new AlipayTradeCancelRequest();
    request.setBizModel(model);
    return request;
  }

  public static AlipayTradePayRequest pay(
      String outTradeNo, String amount, String authCode, String notifyUrl) {
    AlipayTradePayModel model = new AlipayTradePayModel();
    model.setOutTradeNo(outTradeNo);
    model.setTotalAmount(amount);
    model.setSubject("barcode");
    model.setScene("bar_code");
    model.setAuthCode(authCode);
    AlipayTradePayRequest request = new AlipayTradePayRequest();
    request.setBizModel(model);
    request.setNotifyUrl(notifyUrl);
    return request;
  }

  public static AlipayTradeRefundRequest refund(
      String outTradeNo, String amount, String outRequestNo) {
    AlipayTradeRefundModel model = new AlipayTradeRefundModel();
    model.setOutTradeNo(outTradeNo);
    model.setRefundAmount(amount);
    model.setOutRequestNo(outRequestNo);
    AlipayTradeRefundRequest request = new AlipayTradeRefundRequest();
    request.setBizModel(model);
    return request;
  }

  public static AlipayTradeFastpayRefundQueryRequest refundQuery(
      String outTradeNo, String outRequestNo) {
    AlipayTradeFastpayRefundQueryModel model = new AlipayTradeFastpayRefundQueryModel();
    model.setOutTradeNo(outTradeNo);
    model.setOutRequestNo(outRequestNo);
    model.setQueryOptions(List.of("gmt_refund_pay"));
    AlipayTradeFastpayRefundQueryRequest request = new AlipayTradeFastpayRefundQueryRequest();
    request.setBizModel(model);
    return request;
  }
}
