package io.payonce.server.ops.web;

import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * What every console page's layout needs: who is signed in. For the console's controllers and the
 * reconciliation page's (named, not imported: the reconcile module knows nothing of this one).
 */
@ControllerAdvice(basePackages = {"io.payonce.server.ops.web", "io.payonce.server.reconcile.web"})
class ConsoleModel {

  private final RoleHierarchy roles;

  ConsoleModel(RoleHierarchy roles) {
    this.roles = roles;
  }

  @ModelAttribute("me")
  ConsoleUser me(Authentication authentication) {
    return ConsoleUser.of(authentication, roles);
  }
}
