package io.payonce.server.app.web;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppCredentials;
import io.payonce.server.app.AppNotFoundException;
import io.payonce.server.app.AppStatus;
import io.payonce.server.app.AppView;
import io.payonce.server.app.ChannelConfig;
import io.payonce.server.app.InvalidAppFieldException;
import io.payonce.server.channel.Channel;
import io.payonce.server.operator.OperatorAction.Kind;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.web.ProblemType;
import io.payonce.server.web.TextRules;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /ops/api/apps}: the operator's admin API for apps and their channel configurations (the
 * operator's credential, like all of {@code /ops}). Secrets are answered once, when made; channel
 * keys are write-only (answers show fingerprints). The logic is {@link AppAdmin}'s.
 */
@RestController
@RequestMapping(path = "/ops/api/apps", produces = MediaType.APPLICATION_JSON_VALUE)
class AppAdminController {

  private final AppAdmin admin;
  private final OperatorActions actions;

  AppAdminController(AppAdmin admin, OperatorActions actions) {
    this.admin = admin;
    this.actions = actions;
  }

  /** The body of {@code POST /ops/api/apps}. */
  record NewApp(String name) {}

  /** The body of {@code PUT /ops/api/apps/{appId}/webhook}. */
  record Webhook(String url, String secret) {}

  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<AppCredentials> create(@RequestBody NewApp body, Principal operator) {
    if (body.name() != null && !TextRules.isPrintable(body.name())) {
      throw new InvalidAppFieldException("name", TextRules.NOT_PRINTABLE);
    }
    AppCredentials made =
        actions.run(
            new OperatorActions.Request(
                operator.getName(), Kind.CREATE_APP, "app named " + body.name(), null, "none"),
            () -> admin.create(body.name()),
            created -> "app " + created.appId() + " ACTIVE");
    return ResponseEntity.status(HttpStatus.CREATED).body(made);
  }

  @GetMapping
  List<AppView> list() {
    return admin.list();
  }

  @GetMapping("/{appId}")
  AppView get(@PathVariable String appId) {
    return admin.get(appId);
  }

  @PostMapping("/{appId}/disable")
  AppView disable(@PathVariable String appId, Principal operator) {
    return audited(
        operator, Kind.DISABLE_APP, appId, () -> admin.setStatus(appId, AppStatus.DISABLED));
  }

  @PostMapping("/{appId}/enable")
  AppView enable(@PathVariable String appId, Principal operator) {
    return audited(
        operator, Kind.ENABLE_APP, appId, () -> admin.setStatus(appId, AppStatus.ACTIVE));
  }

  /** A fresh secret; the older of two active ones is revoked. */
  @PostMapping("/{appId}/secrets")
  ResponseEntity<AppCredentials> rotate(@PathVariable String appId, Principal operator) {
    AppCredentials rotated =
        actions.run(
            request(operator, Kind.ROTATE_APP_SECRET, appId),
            () -> admin.rotate(appId),
            made -> "a new secret; the older of two active ones revoked");
    return ResponseEntity.status(HttpStatus.CREATED).body(rotated);
  }

  @PutMapping(path = "/{appId}/webhook", consumes = MediaType.APPLICATION_JSON_VALUE)
  AppView webhook(@PathVariable String appId, @RequestBody Webhook body, Principal operator) {
    return audited(
        operator,
        Kind.SET_APP_WEBHOOK,
        appId,
        () -> admin.setWebhook(appId, body.url(), body.secret()));
  }

  @PutMapping(path = "/{appId}/channels/{channel}", consumes = MediaType.APPLICATION_JSON_VALUE)
  ChannelConfig putChannel(
      @PathVariable String appId,
      @PathVariable String channel,
      @RequestBody Map<String, String> settings,
      Principal operator) {
    Channel which = channel(channel);
    return actions.run(
        request(operator, Kind.PUT_CHANNEL_CONFIG, appId),
        () -> admin.putChannel(appId, which, settings),
        config -> which + " account " + config.accountId() + " " + config.summary());
  }

  @GetMapping("/{appId}/channels/{channel}")
  ResponseEntity<?> getChannel(@PathVariable String appId, @PathVariable String channel) {
    return admin
        .channel(appId, channel(channel))
        .<ResponseEntity<?>>map(ResponseEntity::ok)
        .orElseGet(AppAdminController::noConfiguration);
  }

  @DeleteMapping("/{appId}/channels/{channel}")
  ResponseEntity<?> removeChannel(
      @PathVariable String appId, @PathVariable String channel, Principal operator) {
    Channel which = channel(channel);
    boolean removed =
        actions.run(
            request(operator, Kind.REMOVE_CHANNEL_CONFIG, appId),
            () -> admin.removeChannel(appId, which),
            done -> done ? which + " configuration removed" : "no configuration to remove");
    return removed ? ResponseEntity.noContent().build() : noConfiguration();
  }

  /** Runs a change of an app as an operator action, recorded with the app before and after. */
  private AppView audited(Principal operator, Kind kind, String appId, Supplier<AppView> change) {
    return actions.run(request(operator, kind, appId), change, AppView::recorded);
  }

  private OperatorActions.Request request(Principal operator, Kind kind, String appId) {
    String before;
    try {
      before = admin.get(appId).recorded();
    } catch (AppNotFoundException e) {
      before = "no such app";
    }
    return new OperatorActions.Request(operator.getName(), kind, "app " + appId, null, before);
  }

  private static ResponseEntity<ProblemDetail> noConfiguration() {
    return ProblemType.respond(
        ProblemType.NOT_FOUND.problem("The app has no configuration of its own for the channel."));
  }

  private static Channel channel(String name) {
    return Channel.named(name)
        .orElseThrow(
            () ->
                new io.payonce.server.app.InvalidAppFieldException(
                    "channel", "one of " + Channel.names()));
  }
}
