package io.payonce.server.reconcile;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** Progress bars on the terminal (stderr) for the command line: rows read, then rows matched. */
final class TerminalProgress implements RunProgress, AutoCloseable {

  private ProgressBar reading;
  private ProgressBar matching;

  @Override
  public void staged(long rows) {
    if (reading == null) {
      reading = bar("reading bill", -1);
    }
    reading.stepTo(rows);
  }

  @Override
  public void matched(long processed, long total) {
    if (matching == null) {
      closeReading();
      matching = bar("matching", total);
    }
    matching.stepTo(processed);
  }

  @Override
  public void localOnly(long found) {
    closeReading();
    if (matching != null) {
      matching.setExtraMessage("missing from bill: " + found);
    }
  }

  @Override
  public void close() {
    closeReading();
    if (matching != null) {
      matching.close();
    }
  }

  private void closeReading() {
    if (reading != null) {
      reading.close();
      reading = null;
    }
  }

  private static ProgressBar bar(String name, long max) {
    return new ProgressBarBuilder()
        .setTaskName(name)
        .setInitialMax(max)
        .setStyle(ProgressBarStyle.ASCII)
        .setUnit(" rows", 1)
        .showSpeed()
        .build();
  }
}
