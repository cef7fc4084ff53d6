package io.payonce.server.reconcile.web;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The ops page: plain HTML and script over the JSON API, nothing from a CDN. */
@Controller
class ReconciliationPage {

  private static final Resource PAGE = new ClassPathResource("static/ops/reconciliations.html");

  @GetMapping(path = "/ops/reconciliations", produces = MediaType.TEXT_HTML_VALUE)
  ResponseEntity<Resource> page() {
    return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body(PAGE);
  }
}
