package io.crosscheck.agent.bootstrap;

/**
 * One HTTP exchange seen inside the target, while it is in flight: a mutable holder owned by the
 * thread that made the request (socket-level instants are set only by that thread; the generator's
 * close may come from another, hence the volatile end state). Frozen into one requests.csv row by
 * {@link RecordWriter}. Instants are {@code System.nanoTime()} of the target JVM; -1 = never.
 */
final class Exchange {
  final long threadId;
  final String threadName;
  final int userIndex;
  final int seq;
  final String method;
  final String url;
  final long intervalId;
  final Object httpUrlConnection;

  String connectionId = "";
  long connectionOpenNanos = -1;
  boolean connectionReused;
  long intendedStartNanos = -1;
  long sendStartNanos = -1;
  long firstByteNanos = -1;
  long lastSocketReadNanos = -1;
  long lastByteNanos = -1;
  long closeNanos = -1;
  int status;
  long requestBytes;
  long responseBytes;
  String outcome = "aborted";
  String detail = "";
  /** The reply has ended (EOF, error or abandon); socket reads no longer count. */
  volatile boolean ended;
  /** Handed to the writer; nothing changes after this. */
  volatile boolean queued;

  Exchange(long threadId, String threadName, int userIndex, int seq, String method, String url, long intervalId,
      Object httpUrlConnection) {
    this.threadId = threadId;
    this.threadName = threadName;
    this.userIndex = userIndex;
    this.seq = seq;
    this.method = method;
    this.url = url;
    this.intervalId = intervalId;
    this.httpUrlConnection = httpUrlConnection;
  }

  /**
   * The reply ended complete: its last byte is the socket read that delivered it; ok, or http-error
   * for a status of 400 or more.
   */
  void complete() {
    if (ended) {
      return;
    }
    lastByteNanos = lastSocketReadNanos;
    end(status >= 400 ? "http-error" : "ok", "");
  }

  /** The reply was cut short by the generator ({@code why}): aborted, or http-error for a status >= 400. */
  void cutShort(String why) {
    end(status >= 400 ? "http-error" : "aborted", why);
  }

  /** Ends the reply with {@code outcome}; the first end wins. */
  void end(String outcome, String detail) {
    if (ended) {
      return;
    }
    this.outcome = outcome;
    this.detail = detail == null ? "" : detail;
    ended = true;
  }
}
