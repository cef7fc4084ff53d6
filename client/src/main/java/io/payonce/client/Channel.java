package io.payonce.client;

/** The payment channels PayOnce speaks. */
public enum Channel {
  ALIPAY("alipay"),
  WECHAT("wechat");

  private final String path;

  Channel(String path) {
    this.path = path;
  }

  /** The channel's segment in the API's paths ({@code /pay/alipay/...}). */
  String path() {
    return path;
  }
}
