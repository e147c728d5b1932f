package io.crosscheck.agent.bootstrap;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Everything the agent keeps per target thread, in one thread-local (one lookup per hook), for every
 * hook family: the thread's identity as a user (its index and the sequence of its exchanges), the
 * exchange in flight whose socket reads and writes are this thread's, re-entrancy depths (the
 * OpenTelemetry agent's {@code CallDepth}), each family's pending call, and the reported interval
 * open on this thread.
 *
 * <p>Thread-safety: touched by its own thread only, but for {@link #userIndex()} and {@link #seq},
 * which the java-http-client family uses from the client's selector thread.
 */
final class ThreadState {
  final long threadId;
  final String threadName;
  /** {@link Recorder}'s recording generation this state belongs to. */
  final int generation;
  private volatile int userIndex = -1;
  /** The 0-based index of this thread's next exchange. */
  final AtomicInteger seq = new AtomicInteger();

  /** The exchange whose socket reads and writes are this thread's, or null. */
  Exchange current;

  /** The last exchange read to its end on this thread and not yet closed, or null. */
  Exchange unclosed;

  /** Connect start of the connection being opened on this thread, -1 when none. */
  long connectStartNanos = -1;

  // http-url-connection: re-entrancy guards (only the outermost call of a hooked method counts)
  int getInputStreamDepth;
  int clientWriteDepth;
  int bodyReadDepth;

  // http-url-connection: set by HttpURLConnection.writeRequests(), consumed by HttpClient.writeRequests(...)
  Object pendingConnection;
  String pendingMethod;
  String pendingUrl;
  long pendingIntendedNanos = -1;
  boolean pendingIgnored;

  // apache-httpclient: the outermost doExecute and its body reads
  int apacheExecuteDepth;
  long apacheIntendedNanos = -1;
  /** Exchanges begun inside the outermost doExecute. */
  int apacheBegun;
  int apacheBodyReadDepth;

  // reported interval
  int intervalDepth;
  long intervalId = -1;
  long intervalStartNanos = -1;
  int intervalExchanges;

  ThreadState(Thread thread, int generation) {
    this.threadId = thread.getId();
    this.threadName = thread.getName();
    this.generation = generation;
  }

  /**
   * The thread's dense user index, assigned at its first exchange (of any hook family): one
   * volatile read per exchange once assigned, the lock only for the assignment.
   */
  int userIndex() {
    int index = userIndex;
    return index >= 0 ? index : assignUserIndex();
  }

  private synchronized int assignUserIndex() {
    if (userIndex < 0) {
      userIndex = Recorder.USERS.getAndIncrement();
      Recorder.THREADS.incrementAndGet();
    }
    return userIndex;
  }
}
