package io.payonce.server.refund;

/**
 * The channel reported a refund we record FAIL, and could not be asked whether it made it: nothing
 * else will ever ask about a refund recorded FAIL, so the report must come again (the channel
 * delivers it again when it is not taken).
 */
public class RefundReportUnheardException extends RuntimeException {

  public RefundReportUnheardException(String outRequestNo, String outcome) {
    super("refund " + outRequestNo + " is recorded FAIL; its query answered " + outcome);
  }
}
