package io.payonce.server.notify;

/** What a channel is told of its delivery. */
public enum Verdict {
  /** The fact is in our books (now or before): the channel may stop delivering it. */
  TAKEN,
  /** Refused for what it is: forged, misrouted, unreadable, or not for a payment we know. */
  REFUSED,
  /** Not taken for a reason of ours (the database is down): the channel must deliver it again. */
  RETRY
}
