package io.payonce.server.ops.web;

import io.payonce.server.operator.InvalidOperatorException;
import io.payonce.server.operator.OperatorConflictException;
import io.payonce.server.operator.OperatorNotFoundException;
import io.payonce.server.operator.OperatorRole;
import io.payonce.server.operator.Operators;
import java.security.Principal;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /ops/operators} (admins only, by the security chain): the stored operators, and forms to
 * create one, change a role, disable and enable. Every change is recorded by {@link Operators}.
 */
@Controller
class OperatorsController {

  private final Operators operators;
  private final String bootstrap;

  OperatorsController(Operators operators, @Value("${payonce.ops.username:ops}") String bootstrap) {
    this.operators = operators;
    this.bootstrap = bootstrap;
  }

  @GetMapping("/ops/operators")
  String list(Model model) {
    model.addAttribute("operators", operators.all());
    model.addAttribute("roles", OperatorRole.values());
    model.addAttribute("bootstrap", bootstrap);
    return "ops/operators";
  }

  @PostMapping("/ops/operators")
  String create(
      @RequestParam String username,
      @RequestParam String password,
      @RequestParam OperatorRole role,
      Principal admin,
      RedirectAttributes flash) {
    if (bootstrap.equals(username)) {
      flash.addFlashAttribute("refused", "console.refused.OperatorConflictException");
      return "redirect:/ops/operators";
    }
    return change(flash, () -> operators.create(admin.getName(), username.strip(), password, role));
  }

  @PostMapping("/ops/operators/{username}/role")
  String role(
      @PathVariable String username,
      @RequestParam OperatorRole role,
      Principal admin,
      RedirectAttributes flash) {
    return change(flash, () -> operators.changeRole(admin.getName(), username, role));
  }

  @PostMapping("/ops/operators/{username}/enabled")
  String enabled(
      @PathVariable String username,
      @RequestParam boolean enabled,
      Principal admin,
      RedirectAttributes flash) {
    return change(flash, () -> operators.setEnabled(admin.getName(), username, enabled));
  }

  private static String change(RedirectAttributes flash, Supplier<?> change) {
    try {
      change.get();
      flash.addFlashAttribute("done", "console.done.operator");
    } catch (InvalidOperatorException
        | OperatorConflictException
        | OperatorNotFoundException refused) {
      flash.addFlashAttribute("refused", "console.refused." + refused.getClass().getSimpleName());
    }
    return "redirect:/ops/operators";
  }
}
