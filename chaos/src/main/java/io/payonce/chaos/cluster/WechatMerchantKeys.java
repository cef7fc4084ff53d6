package io.payonce.chaos.cluster;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The WeChat Pay merchant made for the run: its API key pair (the public half and serial number
 * registered with the sandbox, the private half given to every instance through its environment),
 * its APIv3 and APIv2 keys, and the app ids bound to it. Every instance gets the same merchant, as
 * every instance of a deployment does.
 */
public record WechatMerchantKeys(
    String privateKeyBase64,
    String publicKeyBase64,
    String serialNumber,
    String apiV3Key,
    String v2Key) {

  public static final String MCHID = "1900000001";

  /** The official account: JSAPI payments and H5's and Native's appid. */
  public static final String APPID = "wx8888888888888888";

  /** The merchant's mini-program (JSAPI under its own appid). */
  public static final String MINI_PROGRAM_APPID = "wxa1b2c3d4e5f60718";

  /** The merchant's mobile app (WeChat Pay App). */
  public static final String APP_APPID = "wxb1c2d3e4f5a60719";

  private static final String ALPHANUMERIC =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

  public static WechatMerchantKeys generate() {
    try {
      SecureRandom random = new SecureRandom();
      KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
      rsa.initialize(2048);
      KeyPair pair = rsa.generateKeyPair();
      Base64.Encoder base64 = Base64.getEncoder();
      byte[] serial = new byte[20];
      random.nextBytes(serial);
      return new WechatMerchantKeys(
          base64.encodeToString(pair.getPrivate().getEncoded()),
          base64.encodeToString(pair.getPublic().getEncoded()),
          HexFormat.of().withUpperCase().formatHex(serial),
          secret(random),
          secret(random));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("RSA unavailable", e);
    }
  }

  /** The sandbox's registration ({@code POST /sandbox/wechat/merchants}). */
  Map<String, String> registration(String notifyUrl, String v2NotifyUrl) {
    Map<String, String> merchant = new LinkedHashMap<>();
    merchant.put("mchid", MCHID);
    merchant.put("appid", APPID);
    merchant.put("publicKey", publicKeyBase64);
    merchant.put("serialNo", serialNumber);
    merchant.put("apiV3Key", apiV3Key);
    merchant.put("v2Key", v2Key);
    merchant.put("refundNotifyUrl", notifyUrl);
    merchant.put("v2NotifyUrl", v2NotifyUrl);
    return merchant;
  }

  private static String secret(SecureRandom random) {
    StringBuilder key = new StringBuilder();
    for (int i = 0; i < 32; i++) {
      key.append(ALPHANUMERIC.charAt(random.nextInt(ALPHANUMERIC.length())));
    }
    return key.toString();
  }

  @Override
  public String toString() {
    return "WechatMerchantKeys[serial=" + serialNumber + ", keys=<hidden>]";
  }
}
