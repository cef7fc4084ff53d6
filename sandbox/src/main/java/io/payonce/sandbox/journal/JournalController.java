package io.payonce.sandbox.journal;

import io.payonce.sandbox.journal.Journal.Kind;
import io.payonce.sandbox.web.SandboxProblem;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /sandbox/<channel>/calls?outTradeNo=&method=}: every call to the channel, with its
 * outcome and any chaos applied; {@code GET /sandbox/<channel>/notifies?outTradeNo=}: every notify
 * delivery and its reply. Entries are the channel's own records, oldest first.
 */
@RestController
class JournalController {

  private final List<Journal<?>> journals;

  JournalController(List<Journal<?>> journals) {
    this.journals = journals;
  }

  @GetMapping("/sandbox/{channel}/calls")
  List<?> calls(
      @PathVariable String channel,
      @RequestParam(required = false) String outTradeNo,
      @RequestParam(required = false) String method) {
    return journal(channel, Kind.CALLS).find(outTradeNo, method);
  }

  @GetMapping("/sandbox/{channel}/notifies")
  List<?> notifies(
      @PathVariable String channel, @RequestParam(required = false) String outTradeNo) {
    return journal(channel, Kind.NOTIFIES).find(outTradeNo, null);
  }

  private Journal<?> journal(String channel, Kind kind) {
    return journals.stream()
        .filter(journal -> journal.holds(channel, kind))
        .findFirst()
        .orElseThrow(
            () ->
                new SandboxProblem(
                    HttpStatus.NOT_FOUND, "channel-unknown", "no channel is named " + channel));
  }
}
