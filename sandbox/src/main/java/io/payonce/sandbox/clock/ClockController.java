package io.payonce.sandbox.clock;

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
    clock.setOffset(change.offset());
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

  /** An absolute offset from the base clock (the system clock), ISO-8601 ({@code "PT2H"}). */
  record ClockChange(Duration offset) {
    ClockChange {
      if (offset == null) {
        throw new IllegalArgumentException("offset is required, e.g. \"PT2H\"");
      }
    }
  }

  record ClockView(Instant now, Duration offset) {}
}
