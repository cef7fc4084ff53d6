package io.payonce.server.reconcile.web;

import io.payonce.server.reconcile.Reconciliations;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The console's page: the console's layout over the JSON API (script served with the page, nothing
 * from a CDN). Who may start or resolve is the security chain's business.
 */
@Controller
class ReconciliationPage {

  private final Reconciliations reconciliations;

  ReconciliationPage(Reconciliations reconciliations) {
    this.reconciliations = reconciliations;
  }

  @GetMapping(path = "/ops/reconciliations", produces = MediaType.TEXT_HTML_VALUE)
  String page(Model model) {
    model.addAttribute("channels", reconciliations.channels());
    return "ops/reconciliations";
  }
}
