package io.payonce.server.cashier;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.client.j2se.MatrixToImageWriter;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/** Draws a QR code as a PNG with ZXing, on the server: the page needs no script library. */
public final class QrImage {

  private static final int SIZE = 300;
  private static final Map<EncodeHintType, Object> HINTS =
      Map.of(
          EncodeHintType.ERROR_CORRECTION,
          ErrorCorrectionLevel.M,
          EncodeHintType.MARGIN,
          2,
          EncodeHintType.CHARACTER_SET,
          "UTF-8");

  private QrImage() {}

  /** The PNG bytes of a QR code holding {@code text}. */
  public static byte[] png(String text) {
    try {
      BitMatrix matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, SIZE, SIZE, HINTS);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      MatrixToImageWriter.writeToStream(matrix, "PNG", out);
      return out.toByteArray();
    } catch (WriterException e) {
      throw new IllegalArgumentException("text does not fit in a QR code", e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
