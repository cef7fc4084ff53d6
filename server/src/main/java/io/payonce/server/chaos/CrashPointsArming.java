package io.payonce.server.chaos;

import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/** Arms {@link CrashPoints} from {@code payonce.chaos.crash-points} for this context's lifetime. */
@Component
class CrashPointsArming implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(CrashPointsArming.class);

  private final boolean armedHere;

  CrashPointsArming(ChaosProperties props) {
    Map<String, Double> points = CrashPoints.parse(props.crashPoints());
    armedHere = !points.isEmpty();
    if (armedHere) {
      CrashPoints.arm(points, props.seed());
      log.warn("chaos crash points armed points={} seed={}", points, props.seed());
    }
  }

  @Override
  public void destroy() {
    if (armedHere) {
      CrashPoints.disarm();
    }
  }
}
