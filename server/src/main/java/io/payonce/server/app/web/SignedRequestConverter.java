package io.payonce.server.app.web;

import io.payonce.server.app.RequestSignatures;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Enumeration;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Reads the four {@code PayOnce-*} headers and the body (already read and bounded by the web
 * layer's envelope filter) into an unverified {@link SignedRequest}; none of the headers means an
 * anonymous request, which the chain then refuses.
 */
final class SignedRequestConverter implements AuthenticationConverter {

  private static final Pattern APP_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
  private static final Pattern TIMESTAMP = Pattern.compile("[0-9]{1,12}");
  private static final Pattern NONCE = Pattern.compile("[A-Za-z0-9_-]{16,64}");
  private static final Pattern SIGNATURE = Pattern.compile("[0-9a-f]{64}");

  private final int maxBody;

  SignedRequestConverter(int maxBody) {
    this.maxBody = maxBody;
  }

  @Override
  public SignedRequest convert(HttpServletRequest request) {
    String appId = request.getHeader(RequestSignatures.APP_ID);
    String timestamp = request.getHeader(RequestSignatures.TIMESTAMP);
    String nonce = request.getHeader(RequestSignatures.NONCE);
    String signature = request.getHeader(RequestSignatures.SIGNATURE);
    if (appId == null && timestamp == null && nonce == null && signature == null) {
      return null;
    }
    if (repeated(request)) {
      // Which of two values counts would be a proxy's guess and ours, and they could differ.
      throw new BadCredentialsException("Each PayOnce- credential header may be sent once only.");
    }
    if (!valid(APP_ID, appId)
        || !valid(TIMESTAMP, timestamp)
        || !valid(NONCE, nonce)
        || !valid(SIGNATURE, signature)) {
      throw new BadCredentialsException(
          "PayOnce-App-Id, PayOnce-Timestamp (Unix seconds), PayOnce-Nonce (16 to 64 of A-Z, a-z,"
              + " 0-9, _ and -) and PayOnce-Signature (64 lower-case hex digits) are all needed.");
    }
    long seconds = Long.parseLong(timestamp);
    String canonical =
        RequestSignatures.canonical(
            appId,
            request.getMethod(),
            request.getRequestURI(),
            request.getQueryString(),
            seconds,
            nonce,
            body(request));
    return new SignedRequest(appId, seconds, nonce, signature, canonical);
  }

  private byte[] body(HttpServletRequest request) {
    // The envelope filter buffered every non-form body: reading it here leaves it for the
    // controller. A form body was parsed into parameters already and reads as empty.
    try {
      return request.getInputStream().readNBytes(maxBody + 1);
    } catch (IOException e) {
      throw new BadCredentialsException("The request body could not be read.");
    }
  }

  private static boolean repeated(HttpServletRequest request) {
    for (String name :
        List.of(
            RequestSignatures.APP_ID,
            RequestSignatures.TIMESTAMP,
            RequestSignatures.NONCE,
            RequestSignatures.SIGNATURE)) {
      Enumeration<String> values = request.getHeaders(name);
      if (values.hasMoreElements()) {
        values.nextElement();
        if (values.hasMoreElements()) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean valid(Pattern pattern, String value) {
    return value != null && pattern.matcher(value).matches();
  }
}
