package io.crosscheck.agent.installer;

import io.crosscheck.agent.bootstrap.ReportedIntervals;
import net.bytebuddy.asm.Advice;

/** The advice on the generator's own method that tells what it reported (reportedBy, reportedValue). */
final class ReportedAdvice {
  private ReportedAdvice() {}

  /** Each call of the method is one reported interval. */
  static final class By {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter() {
      ReportedIntervals.intervalEnter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit() {
      ReportedIntervals.intervalExit();
    }
  }

  /** The method is handed the reported figure. */
  static final class Value {
    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.AllArguments Object[] args) {
      ReportedIntervals.reportValue(args);
    }
  }
}
