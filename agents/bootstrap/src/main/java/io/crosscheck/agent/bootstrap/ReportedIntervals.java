package io.crosscheck.agent.bootstrap;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Reported intervals: the figures the audited generator itself reports, either the span of a
 * {@code reportedBy} method (outermost call: an interval opens on enter, closes on exit) or a
 * {@code reportedValue} method's argument (the thread's interval since its last report, closed with
 * the reported number in its unit). The exchanges a thread makes inside an open interval carry its
 * id ({@link #intervalFor}); an interval with no exchange is counted, not written. Static, on the
 * bootstrap class path, never throwing into the host.
 *
 * <p>Thread-safety: per-thread state is the thread's {@link ThreadState}; ids come from one atomic
 * counter.
 */
public final class ReportedIntervals {
  private static final AtomicLong INTERVALS = new AtomicLong();

  private ReportedIntervals() {}

  /** The interval a new exchange of the thread of {@code s} belongs to, -1 for none; opens one in the reportedValue mode. */
  static long intervalFor(ThreadState s, long intendedNanos) {
    AgentConfig c = Recorder.config;
    if (c == null) {
      return -1;
    }
    if (c.reportedBy != null) {
      if (s.intervalDepth == 0) {
        return -1;
      }
      s.intervalExchanges++;
      return s.intervalId;
    }
    if (c.reportedValue != null) {
      if (s.intervalId < 0) {
        s.intervalId = INTERVALS.incrementAndGet();
        s.intervalExchanges = 0;
        s.intervalStartNanos = -1;
      }
      if (s.intervalStartNanos < 0) {
        s.intervalStartNanos = intendedNanos;
      }
      s.intervalExchanges++;
      return s.intervalId;
    }
    return -1;
  }

  /** Enter of the reportedBy method: the outermost call opens an interval. */
  public static void intervalEnter() {
    if (!Recorder.active) {
      return;
    }
    try {
      ThreadState s = Recorder.state();
      if (s.intervalDepth++ == 0) {
        s.intervalId = INTERVALS.incrementAndGet();
        s.intervalStartNanos = System.nanoTime();
        s.intervalExchanges = 0;
      }
    } catch (Throwable t) {
      AgentControl.adviceError("intervalEnter", t);
    }
  }

  /** Exit of the reportedBy method: the outermost call closes the interval. */
  public static void intervalExit() {
    ThreadState s = Recorder.STATE.get();
    if (s == null || s.intervalDepth == 0) {
      return;
    }
    try {
      if (--s.intervalDepth == 0) {
        long end = System.nanoTime();
        AgentConfig c = Recorder.config;
        if (s.intervalExchanges > 0 && Recorder.active && c != null) {
          queueInterval(new IntervalRow(s.intervalId, s.threadId, s.threadName,
              c.reportedBy.toString(), s.intervalStartNanos, end, end - s.intervalStartNanos, "", "",
              s.intervalExchanges));
        } else if (s.intervalExchanges == 0) {
          Recorder.REPORTS_WITHOUT_EXCHANGE.incrementAndGet();
        }
        s.intervalId = -1;
      }
    } catch (Throwable t) {
      AgentControl.adviceError("intervalExit", t);
    }
  }

  /** Enter of the reportedValue method: closes the thread's interval with the reported number. */
  public static void reportValue(Object[] args) {
    if (!Recorder.active) {
      return;
    }
    try {
      AgentConfig c = Recorder.config;
      ThreadState s = Recorder.state();
      long end = System.nanoTime();
      if (c == null || c.reportedValue == null) {
        return;
      }
      if (s.intervalId < 0) {
        Recorder.REPORTS_WITHOUT_EXCHANGE.incrementAndGet();
        return;
      }
      long value = ((Number) args[c.valueArg]).longValue();
      if (c.valueEndArg >= 0) {
        value = ((Number) args[c.valueEndArg]).longValue() - value;
      }
      queueInterval(new IntervalRow(s.intervalId, s.threadId, s.threadName,
          c.reportedValue.toString(), s.intervalStartNanos, end, value * c.valueUnitNanos, Long.toString(value),
          c.valueUnit, s.intervalExchanges));
      s.intervalId = -1;
      s.intervalExchanges = 0;
      s.intervalStartNanos = -1;
    } catch (Throwable t) {
      AgentControl.adviceError("reportValue", t);
    }
  }

  private static void queueInterval(IntervalRow row) {
    RecordWriter w = Recorder.writer;
    if (w != null) {
      w.offer(row);
    }
  }
}
