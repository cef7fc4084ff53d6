package io.payonce.server.app;

/** Whether an app may call the API. */
public enum AppStatus {
  /** Its signed requests are served. */
  ACTIVE,
  /** Its signed requests are refused (403); its data stays. */
  DISABLED
}
