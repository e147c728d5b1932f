package io.crosscheck.replay;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.Target;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns {@link RecordedSessions} into the {@link Workload} that re-runs them with any engine:
 * partly-open arrivals at the recorded session start instants (relative to the first, {@link
 * ArrivalProcess.Recorded}: each once, then none) and each session's recorded request sequence with
 * its recorded think times and bursts ({@link SessionSource.Recorded}). The engines need no change:
 * they run it as any partly-open workload and end once the last session has ended. Stateless.
 */
public final class ReplayWorkloads {
  /** The least slack a replay's measured window leaves after the recorded run's span. */
  static final long MIN_SLACK_NANOS = 2_000_000_000L;

  private ReplayWorkloads() {}

  /**
   * The replay of {@code recorded} against {@code target}. Its single phase (measure) lasts the
   * recorded span plus half of it (at least {@value #MIN_SLACK_NANOS} ns), so that a slower target
   * still completes the sessions; the run ends as soon as the last one has.
   *
   * @param runDirectoryText the recorded run's directory as the user gave it
   */
  public static Workload of(RecordedSessions recorded, Target target, String runDirectoryText) {
    List<Long> offsets = new ArrayList<>(recorded.sessions().size());
    List<SessionSource.WsSession> sessions = new ArrayList<>(recorded.sessions().size());
    for (RecordedSessions.Session s : recorded.sessions()) {
      offsets.add(s.offsetNanos(recorded));
      sessions.add(wsSession(s));
    }
    String source = "replay of " + runDirectoryText;
    SessionSource.Origin origin = new SessionSource.Origin(runDirectoryText, recorded.runId(), recorded.run().seed(),
        recorded.run().scheduleDigest(), recorded.engine());
    return new Workload(target, new Arrival.PartlyOpen(new ArrivalProcess.Recorded(offsets, source)),
        new SessionSource.Recorded(sessions, origin), new SessionLength.Fixed(1), new ThinkTime.None(),
        phases(recorded), recorded.run().seed() == null ? 1 : recorded.run().seed());
  }

  /** One measured window: the recorded span and its slack. */
  public static Phases phases(RecordedSessions recorded) {
    long span = recorded.spanNanos();
    return new Phases(0, span + Math.max(MIN_SLACK_NANOS, span / 2), 0);
  }

  /**
   * A recorded session as an explicit session: the think time before a request becomes the think
   * after the group ahead ({@link SessionSource.WsRequest#thinkAfterNanos()} of its head).
   */
  static SessionSource.WsSession wsSession(RecordedSessions.Session s) {
    List<RecordedSessions.Request> in = s.requests();
    // the think after a group is the think before the next group's head
    long[] thinkAfter = new long[in.size()];
    int head = 0;
    for (int i = 1; i < in.size(); i++) {
      if (!in.get(i).burstWithPrevious()) {
        thinkAfter[head] = in.get(i).thinkBeforeNanos();
        head = i;
      }
    }
    List<SessionSource.WsRequest> out = new ArrayList<>(in.size());
    for (int i = 0; i < in.size(); i++) {
      RecordedSessions.Request r = in.get(i);
      boolean burst = r.burstWithPrevious();
      out.add(new SessionSource.WsRequest(r.method(), r.path(), "", burst ? -1 : thinkAfter[i], burst, r.line()));
    }
    return new SessionSource.WsSession(out);
  }
}
