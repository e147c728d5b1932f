package io.crosscheck.record;

import io.crosscheck.engine.EngineOptions;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The readable JSON form (nested maps, keys with units) of a {@link Workload} and of {@link
 * EngineOptions} for run.json. Large inputs are summarised, not copied: a wsesslog source by its
 * file and session/request counts, a gap list by its file, count and mean. Stateless.
 */
final class WorkloadJson {
  private WorkloadJson() {}

  static Map<String, Object> workload(Workload w) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("target", w.target().toString());
    m.put("targetHost", w.target().host());
    m.put("targetPort", w.target().port());
    m.put("arrival", arrival(w.arrival()));
    m.put("source", source(w.source()));
    m.put("length", length(w.length()));
    m.put("thinkTime", think(w.thinkTime()));
    m.put("phases", phases(w.phases()));
    m.put("seed", w.seed());
    return m;
  }

  static Map<String, Object> phases(Phases p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("rampUpNanos", p.rampUpNanos());
    m.put("measureNanos", p.measureNanos());
    m.put("rampDownNanos", p.rampDownNanos());
    m.put("totalNanos", p.totalNanos());
    return m;
  }

  static Map<String, Object> arrival(Arrival a) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (a instanceof Arrival.Closed c) {
      m.put("model", "closed");
      m.put("users", c.users());
      m.put("sessionsPerUser", c.sessionsPerUser());
    } else if (a instanceof Arrival.Open o) {
      m.put("model", "open");
      m.put("process", process(o.process()));
    } else if (a instanceof Arrival.PartlyOpen p) {
      m.put("model", "partly-open");
      m.put("process", process(p.process()));
    } else {
      m.put("model", String.valueOf(a));
    }
    return m;
  }

  static Map<String, Object> process(ArrivalProcess p) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (p instanceof ArrivalProcess.Poisson x) {
      m.put("type", "poisson");
      m.put("ratePerSecond", x.ratePerSecond());
    } else if (p instanceof ArrivalProcess.Deterministic x) {
      m.put("type", "deterministic");
      m.put("ratePerSecond", x.ratePerSecond());
    } else if (p instanceof ArrivalProcess.Gaps x) {
      m.put("type", "gaps");
      m.put("source", x.source());
      m.put("gapCount", x.gapsNanos().size());
      long sum = 0;
      for (long g : x.gapsNanos()) {
        sum += g;
      }
      m.put("meanGapNanos", x.gapsNanos().isEmpty() ? 0 : sum / x.gapsNanos().size());
    } else if (p instanceof ArrivalProcess.RateSteps x) {
      m.put("type", "rate-steps");
      m.put("poisson", x.poisson());
      List<Object> steps = new ArrayList<>();
      for (ArrivalProcess.RateStep s : x.steps()) {
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("ratePerSecond", s.ratePerSecond());
        step.put("durationNanos", s.durationNanos());
        steps.add(step);
      }
      m.put("steps", steps);
    } else {
      m.put("type", String.valueOf(p));
    }
    return m;
  }

  static Map<String, Object> source(SessionSource s) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (s instanceof SessionSource.UrlList u) {
      m.put("type", "url-list");
      m.put("random", u.random());
      m.put("paths", u.paths());
    } else if (s instanceof SessionSource.WsessLog w) {
      m.put("type", "wsesslog");
      m.put("source", w.source());
      m.put("sessionCount", w.sessions().size());
      long requests = 0;
      for (SessionSource.WsSession session : w.sessions()) {
        requests += session.requests().size();
      }
      m.put("requestCount", requests);
    } else {
      m.put("type", String.valueOf(s));
    }
    return m;
  }

  static Map<String, Object> length(SessionLength l) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (l instanceof SessionLength.Fixed f) {
      m.put("type", "fixed");
      m.put("requests", f.requests());
    } else if (l instanceof SessionLength.Geometric g) {
      m.put("type", "geometric");
      m.put("stayProbability", g.stayProbability());
      m.put("maxRequests", g.maxRequests());
    } else {
      m.put("type", String.valueOf(l));
    }
    return m;
  }

  static Map<String, Object> think(ThinkTime t) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (t instanceof ThinkTime.None) {
      m.put("type", "none");
    } else if (t instanceof ThinkTime.Fixed f) {
      m.put("type", "fixed");
      m.put("nanos", f.nanos());
    } else if (t instanceof ThinkTime.Exponential e) {
      m.put("type", "exponential");
      m.put("meanNanos", e.meanNanos());
    } else if (t instanceof ThinkTime.Uniform u) {
      m.put("type", "uniform");
      m.put("minNanos", u.minNanos());
      m.put("maxNanos", u.maxNanos());
    } else if (t instanceof ThinkTime.PerState p) {
      m.put("type", "per-state");
      m.put("source", p.source());
      m.put("nanosByState", p.nanosByState());
      m.put("fallback", think(p.fallback()));
    } else {
      m.put("type", String.valueOf(t));
    }
    return m;
  }

  static Map<String, Object> engine(String engineName, EngineOptions o) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", engineName);
    m.put("policy", o.policy().label());
    m.put("connectionsK", o.connectionsK());
    m.put("eventLoops", o.eventLoops());
    m.put("connectTimeoutNanos", o.connectTimeoutNanos());
    m.put("requestTimeoutNanos", o.requestTimeoutNanos());
    List<String> addresses = new ArrayList<>();
    for (InetAddress a : o.sourceAddresses()) {
      addresses.add(a.getHostAddress());
    }
    m.put("sourceAddresses", addresses);
    return m;
  }
}
