package io.payonce.server.chaos;

import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Arms {@link CrashPoints} from {@code payonce.chaos.crash-points} and {@code
 * payonce.chaos.stall-points} for this context's lifetime.
 */
@Component
class CrashPointsArming implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(CrashPointsArming.class);

  private final boolean armedHere;

  CrashPointsArming(ChaosProperties props) {
    Map<String, Double> points = CrashPoints.parse(props.crashPoints());
    Map<String, Double> stalls = CrashPoints.parse(props.stallPoints());
    armedHere = !points.isEmpty() || !stalls.isEmpty();
    if (!points.isEmpty()) {
      CrashPoints.arm(points, props.seed());
      log.warn("chaos crash points armed points={} seed={}", points, props.seed());
    }
    if (!stalls.isEmpty()) {
      CrashPoints.armStalls(stalls, props.seed() + 1, props.stallFor());
      log.warn("chaos stall points armed points={} for={}", stalls, props.stallFor());
    }
  }

  @Override
  public void destroy() {
    if (armedHere) {
      CrashPoints.disarm();
    }
  }
}
