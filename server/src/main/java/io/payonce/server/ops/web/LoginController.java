package io.payonce.server.ops.web;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;

/** The sign-in form (Spring Security processes its post) and the page of a refused action. */
@Controller
class LoginController {

  @GetMapping("/ops/login")
  String login() {
    return "ops/login";
  }

  /** Forwarded to by the security chain with status 403 already set, for any method. */
  @RequestMapping("/ops/denied")
  String denied() {
    return "ops/denied";
  }
}
