package io.payonce.sandbox.clock;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET/PUT/DELETE /sandbox/clock}: read, move or reset the sandbox clock. */
@RestController
@RequestMapping("/sandbox/clock")
class ClockController {

  private final SandboxClock clock;

  ClockController(SandboxClock clock) {
    this.clock = clock;
  }

  @GetMapping
  ClockView show() {
    return view();
  }

  @PutMapping
  ClockView move(@RequestBody ClockChange change) {
    clock.setOffset(change.duration());
    return view();
  }

  @DeleteMapping
  ClockView reset() {
    clock.reset();
    return view();
  }

  private ClockView view() {
    return new ClockView(clock.now(), clock.offset());
  }

  /**
   * An absolute offset from the base clock (the system clock), ISO-8601 ({@code "PT2H"}) or whole
   * seconds, at most {@link SandboxClock#MAX_OFFSET} either way. Read as written and parsed here:
   * Jackson's own reading of a Duration overflowed to a 500 on {@code "PT99999999999999H"}.
   */
  record ClockChange(Object offset) {

    private static final String REQUIRED = "offset is required, e.g. \"PT2H\"";

    Duration duration() {
      try {
        if (offset instanceof String text) {
          return Duration.parse(text);
        }
        if (offset instanceof Integer || offset instanceof Long) {
          return Duration.ofSeconds(((Number) offset).longValue());
        }
      } catch (DateTimeException | ArithmeticException e) {
        throw new IllegalArgumentException(REQUIRED + ", within " + SandboxClock.MAX_OFFSET);
      }
      throw new IllegalArgumentException(REQUIRED);
    }
  }

  record ClockView(Instant now, Duration offset) {}
}
