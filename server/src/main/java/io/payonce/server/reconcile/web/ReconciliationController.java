package io.payonce.server.reconcile.web;

import io.payonce.server.channel.Channel;
import io.payonce.server.db.SqlTime;
import io.payonce.server.operator.OperatorAction.Kind;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.reconcile.Anomaly;
import io.payonce.server.reconcile.ReconciliationRun;
import io.payonce.server.reconcile.Reconciliations;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import java.net.URI;
import java.security.Principal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code /ops/reconciliations}: start a day's run, follow it, list and resolve its anomalies. */
@RestController
@RequestMapping(path = "/ops/reconciliations", produces = MediaType.APPLICATION_JSON_VALUE)
class ReconciliationController {

  private static final int MAX_COMMENT = 1000;
  private static final int MAX_PAGE = 500;

  private final Reconciliations reconciliations;
  private final OperatorActions actions;

  ReconciliationController(Reconciliations reconciliations, OperatorActions actions) {
    this.reconciliations = reconciliations;
    this.actions = actions;
  }

  /** Starts (or re-runs) a day: 202 with the run's address; a running day answers its run. */
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<RunView> start(Principal operator, @RequestBody StartRequest request) {
    String channel = channel(request.channel());
    LocalDate billDate = billDate(request.billDate());
    String config =
        request.channelConfig() == null || request.channelConfig().isBlank()
            ? io.payonce.server.channel.ChannelConfigKey.BOOTSTRAP
            : request.channelConfig();
    if (!reconciliations.hasConfiguration(channel, config)) {
      throw new io.payonce.server.web.InvalidRequestException(
          List.of(
              new io.payonce.server.web.FieldViolation(
                  "channelConfig", "no such configuration of the channel")));
    }
    ReconciliationRun run =
        actions.run(
            new OperatorActions.Request(
                operator.getName(),
                Kind.START_RECONCILIATION,
                "reconciliation "
                    + channel
                    + (io.payonce.server.channel.ChannelConfigKey.isBootstrap(config)
                        ? ""
                        : " " + config)
                    + " "
                    + billDate,
                null,
                reconciliations
                    .find(channel, config, billDate)
                    .map(existing -> "run " + existing.id() + " " + existing.status())
                    .orElse("no run")),
            () -> reconciliations.start(channel, config, billDate),
            started -> "run " + started.id() + " " + started.status());
    return ResponseEntity.accepted()
        .location(URI.create("/ops/reconciliations/" + run.id()))
        .body(RunView.of(run));
  }

  @GetMapping
  List<RunView> recent(@RequestParam(defaultValue = "30") int limit) {
    return reconciliations.recent(pageSize(limit)).stream().map(RunView::of).toList();
  }

  @GetMapping("/{id}")
  RunView run(@PathVariable long id) {
    return reconciliations
        .find(id)
        .map(RunView::of)
        .orElseThrow(() -> new ReconciliationNotFoundException("no reconciliation run " + id));
  }

  @GetMapping("/{id}/anomalies")
  List<AnomalyView> anomalies(
      @PathVariable long id,
      @RequestParam(required = false) Boolean resolved,
      @RequestParam(defaultValue = "0") long after,
      @RequestParam(defaultValue = "100") int limit) {
    run(id);
    return reconciliations.anomalies(id, resolved, after, pageSize(limit)).stream()
        .map(AnomalyView::of)
        .toList();
  }

  @PostMapping(
      path = "/{id}/anomalies/{anomalyId}/resolve",
      consumes = MediaType.APPLICATION_JSON_VALUE)
  AnomalyView resolve(
      Principal operator,
      @PathVariable long id,
      @PathVariable long anomalyId,
      @RequestBody ResolveRequest request) {
    String comment = request.comment() == null ? "" : request.comment().strip();
    if (comment.isEmpty() || comment.length() > MAX_COMMENT) {
      throw invalid("comment", "must be 1 to " + MAX_COMMENT + " characters");
    }
    Optional<Anomaly> before =
        reconciliations.anomalies(id, null, anomalyId - 1, 1).stream()
            .filter(anomaly -> anomaly.id() == anomalyId)
            .findFirst();
    if (before.isEmpty()) {
      throw new ReconciliationNotFoundException("run " + id + " has no anomaly " + anomalyId);
    }
    return actions
        .run(
            new OperatorActions.Request(
                operator.getName(),
                Kind.RESOLVE_ANOMALY,
                "anomaly " + id + "/" + anomalyId,
                before.get().outTradeNo(),
                before.get().kind() + (before.get().resolved() ? " resolved" : " open")),
            () -> reconciliations.resolve(id, anomalyId, comment),
            after -> after.map(anomaly -> "resolved: " + anomaly.resolution()).orElse("gone"))
        .map(AnomalyView::of)
        .orElseThrow(
            () ->
                new ReconciliationNotFoundException("run " + id + " has no anomaly " + anomalyId));
  }

  private String channel(String channel) {
    String name = channel == null ? "" : channel.strip().toUpperCase(Locale.ROOT);
    if (!reconciliations.supports(name)) {
      throw invalid("channel", "must be " + oneOf(reconciliations.channels()));
    }
    return name;
  }

  private static String oneOf(Set<Channel> channels) {
    return channels.stream().map(Channel::name).collect(Collectors.joining(" or "));
  }

  private LocalDate billDate(String text) {
    LocalDate billDate;
    try {
      billDate = LocalDate.parse(text == null ? "" : text.strip());
    } catch (DateTimeParseException e) {
      throw invalid("billDate", "must be a date, yyyy-MM-dd");
    }
    if (billDate.isBefore(SqlTime.FIRST_DAY)) {
      // -999999999-01-01 parses; its run failed on the day before it, after a 202.
      throw invalid("billDate", "must not be before " + SqlTime.FIRST_DAY);
    }
    if (!reconciliations.hasBegun(billDate)) {
      throw invalid("billDate", "must not be in the future");
    }
    return billDate;
  }

  private static int pageSize(int limit) {
    if (limit < 1 || limit > MAX_PAGE) {
      throw invalid("limit", "must be 1 to " + MAX_PAGE);
    }
    return limit;
  }

  private static InvalidRequestException invalid(String field, String message) {
    return new InvalidRequestException(List.of(new FieldViolation(field, message)));
  }
}
