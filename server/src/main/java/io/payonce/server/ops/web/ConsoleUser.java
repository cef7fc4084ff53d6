package io.payonce.server.ops.web;

import io.payonce.server.operator.OperatorRole;
import java.util.Collection;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

/**
 * The signed-in operator as the pages show them: their name, role, and which controls to draw.
 * Drawing is a courtesy; the security chain decides what each request may do.
 */
record ConsoleUser(String name, OperatorRole role, boolean canAct, boolean isAdmin) {

  static ConsoleUser of(Authentication authentication, RoleHierarchy roles) {
    if (authentication == null || !authentication.isAuthenticated()) {
      return null;
    }
    Collection<? extends GrantedAuthority> reachable =
        roles.getReachableGrantedAuthorities(authentication.getAuthorities());
    boolean operator = has(reachable, OperatorRole.OPERATOR);
    boolean admin = has(reachable, OperatorRole.ADMIN);
    OperatorRole role =
        admin ? OperatorRole.ADMIN : operator ? OperatorRole.OPERATOR : OperatorRole.VIEWER;
    return new ConsoleUser(authentication.getName(), role, operator, admin);
  }

  private static boolean has(
      Collection<? extends GrantedAuthority> authorities, OperatorRole role) {
    String wanted = "ROLE_" + role.name();
    return authorities.stream().anyMatch(a -> wanted.equals(a.getAuthority()));
  }
}
