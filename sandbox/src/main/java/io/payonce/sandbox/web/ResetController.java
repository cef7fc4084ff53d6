package io.payonce.sandbox.web;

import io.payonce.sandbox.SandboxResettable;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /sandbox/reset}: forget ledger, calls, notifies, chaos and clock offset. */
@RestController
class ResetController {

  private final List<SandboxResettable> resettables;

  ResetController(List<SandboxResettable> resettables) {
    this.resettables = resettables;
  }

  @PostMapping("/sandbox/reset")
  ResponseEntity<Void> reset() {
    resettables.forEach(SandboxResettable::reset);
    return ResponseEntity.noContent().build();
  }
}
