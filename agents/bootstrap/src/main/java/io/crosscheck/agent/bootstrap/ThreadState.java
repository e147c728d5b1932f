package io.crosscheck.agent.bootstrap;

/**
 * Everything the agent keeps per target thread, in one thread-local (one lookup per hook): the
 * exchange in flight, re-entrancy depths (the OpenTelemetry agent's {@code CallDepth}), the
 * pending request of an HttpURLConnection, and the reported interval open on this thread. Touched by
 * its own thread only.
 */
final class ThreadState {
  final long threadId;
  /** {@link Recorder}'s recording generation this state belongs to. */
  final int generation;
  int userIndex = -1;
  int seq;

  /** The exchange whose socket reads and writes are this thread's, or null. */
  Exchange current;

  /** The last exchange read to its end on this thread and not yet closed, or null. */
  Exchange unclosed;

  // re-entrancy guards: only the outermost call of a hooked method counts
  int getInputStreamDepth;
  int clientWriteDepth;
  int bodyReadDepth;
  int intervalDepth;

  // set by HttpURLConnection.writeRequests(), consumed by HttpClient.writeRequests(...)
  Object pendingConnection;
  String pendingMethod;
  String pendingUrl;
  long pendingIntendedNanos = -1;
  boolean pendingIgnored;

  /** Connect start of the connection being opened on this thread, -1 when none. */
  long openStartNanos = -1;

  // reported interval
  long intervalId = -1;
  long intervalStartNanos = -1;
  int intervalExchanges;

  ThreadState(long threadId, int generation) {
    this.threadId = threadId;
    this.generation = generation;
  }
}
