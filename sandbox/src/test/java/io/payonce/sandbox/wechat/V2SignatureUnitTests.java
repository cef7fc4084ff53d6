package io.payonce.sandbox.wechat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The worked example of WeChat's signature page (reference §7.2), both sign types. */
class V2SignatureUnitTests {

  private static final String KEY = "192006250b4c09247ec02edce69f6a2d";

  private static Map<String, String> example() {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("appid", "wxd930ea5d5a258f4f");
    fields.put("mch_id", "10000100");
    fields.put("device_info", "1000");
    fields.put("body", "test");
    fields.put("nonce_str", "ibuaiVcKdpRxkhJA");
    fields.put("empty", "");
    return fields;
  }

  @Test
  void signsTheDocumentedExampleWithMd5AndHmacSha256() {
    assertThat(V2Signature.content(example()))
        .isEqualTo(
            "appid=wxd930ea5d5a258f4f&body=test&device_info=1000&mch_id=10000100"
                + "&nonce_str=ibuaiVcKdpRxkhJA");
    assertThat(V2Signature.sign(example(), null, KEY))
        .isEqualTo("9A0A8659F005D6984697E2CA0A9CF3B7");
    assertThat(V2Signature.sign(example(), "HMAC-SHA256", KEY))
        .isEqualTo("6A9AE1657590FD6257D693A078E1C3E4BB6BA4DC30B23E0EE2496E54170DACD6");
  }

  @Test
  void verifiesIgnoringTheSignFieldAndRefusesAnyChange() {
    Map<String, String> signed = example();
    signed.put("sign", "9A0A8659F005D6984697E2CA0A9CF3B7");

    assertThat(V2Signature.verify(signed, "MD5", KEY)).isTrue();
    signed.put("body", "test2");
    assertThat(V2Signature.verify(signed, "MD5", KEY)).isFalse();
  }
}
