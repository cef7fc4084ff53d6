package io.payonce.server.ops.web;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppCredentials;
import io.payonce.server.app.AppNotFoundException;
import io.payonce.server.app.AppStatus;
import io.payonce.server.app.AppView;
import io.payonce.server.app.ChannelAccountTakenException;
import io.payonce.server.app.ChannelConfig;
import io.payonce.server.app.InvalidAppFieldException;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.InvalidChannelSettingsException;
import io.payonce.server.operator.OperatorAction.Kind;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.web.TextRules;
import jakarta.servlet.http.HttpServletResponse;
import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /ops/apps} (admins only, by the security chain): the merchant apps, and forms to create
 * one, disable and enable it, rotate its API secret, set its webhook, and set, replace or remove
 * its own Alipay account and WeChat Pay merchant. The logic is {@link AppAdmin}'s (as for the JSON
 * API, with its validation); each change is recorded by {@link OperatorActions}, never with a
 * secret in it. Channel keys are write-only: the forms take them, the page shows fingerprints.
 *
 * <p>A new secret is shown on the answer to the form's post itself, once, with {@code
 * Cache-Control: no-store}, rather than carried to a redirected page in the session's flash
 * attributes: so it is never stored server-side in the clear. The trade-off: reloading that answer
 * posts again (the browser asks first), making another app or rotating again.
 */
@Controller
class AppsConsoleController {

  private final AppAdmin admin;
  private final OperatorActions actions;

  AppsConsoleController(AppAdmin admin, OperatorActions actions) {
    this.admin = admin;
    this.actions = actions;
  }

  @GetMapping("/ops/apps")
  String list(Model model) {
    model.addAttribute("apps", admin.list());
    return "ops/apps";
  }

  @PostMapping("/ops/apps")
  String create(
      @RequestParam String name,
      Principal operator,
      Model model,
      HttpServletResponse response,
      RedirectAttributes flash) {
    return secret(
        model,
        response,
        flash,
        "created",
        () ->
            actions.run(
                request(operator, Kind.CREATE_APP, "app named " + name.strip(), "none"),
                () -> {
                  if (!TextRules.isPrintable(name)) {
                    throw new InvalidAppFieldException("name", TextRules.NOT_PRINTABLE);
                  }
                  return admin.create(name);
                },
                made -> "app " + made.appId() + " ACTIVE"));
  }

  @PostMapping("/ops/apps/{appId}/secrets")
  String rotate(
      @PathVariable String appId,
      Principal operator,
      Model model,
      HttpServletResponse response,
      RedirectAttributes flash) {
    return secret(
        model,
        response,
        flash,
        "rotated",
        () ->
            actions.run(
                request(operator, Kind.ROTATE_APP_SECRET, "app " + appId, describe(appId)),
                () -> admin.rotate(appId),
                rotated -> "a new secret; the older of two active ones revoked"));
  }

  @PostMapping("/ops/apps/{appId}/enabled")
  String enabled(
      @PathVariable String appId,
      @RequestParam boolean enabled,
      Principal operator,
      RedirectAttributes flash) {
    return change(
        flash,
        request(
            operator,
            enabled ? Kind.ENABLE_APP : Kind.DISABLE_APP,
            "app " + appId,
            describe(appId)),
        () -> admin.setStatus(appId, enabled ? AppStatus.ACTIVE : AppStatus.DISABLED));
  }

  @PostMapping("/ops/apps/{appId}/webhook")
  String webhook(
      @PathVariable String appId,
      @RequestParam(required = false) String url,
      @RequestParam(required = false) String secret,
      Principal operator,
      RedirectAttributes flash) {
    boolean removing = url == null || url.isBlank();
    if (!removing && (secret == null || secret.isBlank())) {
      // The dispatcher sends nothing unsigned, and the stored secret is never read back to a
      // page: a URL goes with its secret, typed again.
      flash.addFlashAttribute("refused", "console.refused.webhookSecret");
      return "redirect:/ops/apps";
    }
    return change(
        flash,
        request(operator, Kind.SET_APP_WEBHOOK, "app " + appId, describe(appId)),
        () -> admin.setWebhook(appId, url, removing ? null : secret));
  }

  /**
   * Sets (or replaces) the app's own account of a channel. The path's app is {@code {id}}: the
   * Alipay form has a field of its own named {@code appId} (Alipay's app id).
   */
  @PostMapping("/ops/apps/{id}/channels/{channel}")
  String putChannel(
      @PathVariable("id") String appId,
      @PathVariable String channel,
      @RequestParam Map<String, String> form,
      Principal operator,
      RedirectAttributes flash) {
    Channel which = channel(channel);
    // The channel's own fields only: anything else posted (the CSRF token) is not passed on.
    Map<String, String> fields = new LinkedHashMap<>();
    admin.channelFields(which).forEach(name -> fields.put(name, form.get(name)));
    try {
      actions.run(
          request(operator, Kind.PUT_CHANNEL_CONFIG, "app " + appId, describe(appId, which)),
          () -> admin.putChannel(appId, which, fields),
          AppsConsoleController::describe);
      flash.addFlashAttribute("done", "console.done.channel");
    } catch (InvalidChannelSettingsException refused) {
      flash.addFlashAttribute("refused", "console.refused.InvalidChannelSettingsException");
      flash.addFlashAttribute("refusedField", refused.field());
    } catch (InvalidAppFieldException | AppNotFoundException | ChannelAccountTakenException e) {
      refuse(flash, e);
    }
    return "redirect:/ops/apps";
  }

  /** Ends the app's own account of a channel (payments made under it keep it). */
  @PostMapping("/ops/apps/{id}/channels/{channel}/remove")
  String removeChannel(
      @PathVariable("id") String appId,
      @PathVariable String channel,
      Principal operator,
      RedirectAttributes flash) {
    Channel which = channel(channel);
    try {
      boolean removed =
          actions.run(
              request(operator, Kind.REMOVE_CHANNEL_CONFIG, "app " + appId, describe(appId, which)),
              () -> admin.removeChannel(appId, which),
              done -> done ? which + " configuration removed" : "no configuration to remove");
      flash.addFlashAttribute(
          removed ? "done" : "refused",
          removed ? "console.done.channelRemoved" : "console.refused.noChannel");
    } catch (AppNotFoundException e) {
      refuse(flash, e);
    }
    return "redirect:/ops/apps";
  }

  private String change(
      RedirectAttributes flash, OperatorActions.Request request, Supplier<AppView> change) {
    try {
      actions.run(request, change, AppsConsoleController::describe);
      flash.addFlashAttribute("done", "console.done.app");
    } catch (InvalidAppFieldException | AppNotFoundException refused) {
      refuse(flash, refused);
    }
    return "redirect:/ops/apps";
  }

  private static String secret(
      Model model,
      HttpServletResponse response,
      RedirectAttributes flash,
      String how,
      Supplier<AppCredentials> make) {
    AppCredentials credentials;
    try {
      credentials = make.get();
    } catch (InvalidAppFieldException | AppNotFoundException refused) {
      refuse(flash, refused);
      return "redirect:/ops/apps";
    }
    response.setHeader(HttpHeaders.CACHE_CONTROL, CacheControl.noStore().getHeaderValue());
    model.addAttribute("credentials", credentials);
    model.addAttribute("how", how);
    return "ops/app-secret";
  }

  private static void refuse(RedirectAttributes flash, RuntimeException refused) {
    flash.addFlashAttribute("refused", "console.refused." + refused.getClass().getSimpleName());
  }

  private static OperatorActions.Request request(
      Principal operator, Kind kind, String target, String before) {
    return new OperatorActions.Request(operator.getName(), kind, target, null, before);
  }

  /** What the record keeps of an app: never a secret, only whether one is set. */
  private String describe(String appId) {
    try {
      return describe(admin.get(appId));
    } catch (AppNotFoundException e) {
      return "no such app";
    }
  }

  /** What the record keeps of an app's account of a channel: its id and fingerprints only. */
  private String describe(String appId, Channel channel) {
    try {
      return admin
          .channel(appId, channel)
          .map(AppsConsoleController::describe)
          .orElse("no " + channel + " account");
    } catch (AppNotFoundException e) {
      return "no such app";
    }
  }

  private static String describe(ChannelConfig config) {
    return config.channel() + " account " + config.accountId() + " " + config.summary();
  }

  /** A channel named in a path; another name is no page (a form only posts ours). */
  private static Channel channel(String name) {
    return Channel.named(name)
        .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no such channel"));
  }

  private static String describe(AppView app) {
    return app.recorded();
  }
}
