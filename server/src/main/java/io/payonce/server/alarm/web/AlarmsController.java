package io.payonce.server.alarm.web;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.alarm.Alarms;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The operator's list of open alarms, newest first. */
@RestController
class AlarmsController {

  private final Alarms alarms;

  AlarmsController(Alarms alarms) {
    this.alarms = alarms;
  }

  @GetMapping(path = "/ops/alarms", produces = "application/json")
  List<Alarm> open(@RequestParam(defaultValue = "100") int limit) {
    return alarms.open(Math.max(1, Math.min(limit, 1000)));
  }
}
