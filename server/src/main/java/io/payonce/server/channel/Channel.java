package io.payonce.server.channel;

/** The payment channels PayOnce speaks. */
public enum Channel {
  /** Alipay face-to-face (QR precreate, barcode pay). */
  ALIPAY,
  /** WeChat Pay APIv3 (Native QR). */
  WECHAT
}
