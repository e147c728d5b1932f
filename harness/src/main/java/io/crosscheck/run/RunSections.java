package io.crosscheck.run;

import io.crosscheck.child.ChildJvm;
import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineLayout;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.engine.WarmUpReport;
import io.crosscheck.rundir.RunJson;
import java.net.InetAddress;
import java.util.Locale;
import java.util.TreeMap;

/**
 * The engine's own types turned into run.json's sections: the run-directory contract imports no
 * engine, so the command line, which knows both, maps one to the other. Stateless.
 */
public final class RunSections {
  private RunSections() {}

  /** The section, with {@code layout}'s description and known accuracy when there is one. */
  public static RunJson.EngineSection engine(String name, EngineOptions o, EngineLayout layout) {
    return new RunJson.EngineSection(name, o.policy().label(), o.connectionsK(), o.eventLoops(),
        o.connectTimeoutNanos(), o.requestTimeoutNanos(),
        o.sourceAddresses().stream().map(InetAddress::getHostAddress).toList(), o.busyPoll(),
        layout == null ? null : layout.describe(), layout == null ? null : layout.knownAccuracy());
  }

  /** The section for {@code r}; null when the engine returned no result. */
  public static RunJson.EngineResultSection engineResult(EngineResult r) {
    if (r == null) {
      return null;
    }
    return new RunJson.EngineResultSection(r.startNanos(), r.endNanos(), r.endNanos() - r.startNanos(),
        r.requestsIssued(), r.connectionsOpened() < 0 ? null : r.connectionsOpened(), // null: not observable
        r.sessionsStarted(), r.sessionsCompleted(), r.reportedResolutionNanos(), new TreeMap<>(r.extra()));
  }

  public static RunJson.WarmUpSection warmUp(Engine.WarmUpResult w) {
    WarmUpReport r = w.toJson();
    return new RunJson.WarmUpSection(r.requests(), r.ok(), r.elapsedMillis(), r.settleMillis(),
        r.jitSettled().name().toLowerCase(Locale.ROOT).replace('_', '-'), r.repeat());
  }

  public static RunJson.GeneratorJvmSection generatorJvm(ChildJvm child) {
    ChildJvm.Description d = child.describe();
    return new RunJson.GeneratorJvmSection(d.javaHome(), d.javaVersion(), d.featureVersion(), d.vmName(), d.vendor(),
        d.jvmOpts(), d.effectiveJvmOpts(), d.mainClass(), d.args());
  }
}
