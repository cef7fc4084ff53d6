package io.payonce.server.cashier.web;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.ChecksumException;
import com.google.zxing.FormatException;
import com.google.zxing.NotFoundException;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import javax.imageio.ImageIO;

/** Reads a QR code back from a PNG, as a buyer's phone would. */
final class QrDecoder {

  private QrDecoder() {}

  static String decode(byte[] png) {
    try {
      BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
      BinaryBitmap bitmap =
          new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
      return new QRCodeReader().decode(bitmap).getText();
    } catch (IOException | NotFoundException | ChecksumException | FormatException e) {
      throw new AssertionError("not a readable QR code", e);
    }
  }
}
