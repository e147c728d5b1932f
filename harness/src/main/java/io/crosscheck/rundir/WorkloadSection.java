package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import java.util.List;
import java.util.Map;

/**
 * The {@code workload} section of run.json: the resolved workload in a readable form, every key
 * with its unit. Large inputs are summarised, not copied: a wsesslog source by its file and
 * session/request counts, a gap list by its file, count and mean. Fields that do not apply to a
 * variant are absent (null). Immutable.
 *
 * @param target the target URL
 * @param targetHost its host
 * @param targetPort its port (the server port the capture is read for)
 * @param targetAddress the address and port every connection went to: the host resolved once at
 *     the job's start ({@code 127.0.9.2:8080}, {@code [2001:db8::1]:8080}); absent for a workload
 *     not resolved and in files written before it existed
 * @param arrival the arrival model
 * @param source where sessions come from
 * @param length session length
 * @param thinkTime think time
 * @param phases ramp-up, measure, ramp-down
 * @param seed the schedule's seed
 * @param replayOf the run this one replays ({@code crosscheck replay}, {@code --replay}); absent
 *     otherwise and in files written before it existed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkloadSection(String target, String targetHost, int targetPort, String targetAddress,
    ArrivalSection arrival,
    SourceSection source, LengthSection length, ThinkSection thinkTime, PhasesSection phases, Long seed,
    ReplaySection replayOf) {

  /**
   * The recorded run a replay re-runs.
   *
   * @param runDirectory its directory as given on the command line
   * @param runId its directory's name
   * @param seed its seed (absent for an agent's recording: no crosscheck schedule)
   * @param scheduleDigest its schedule digest, when it had one
   * @param engine the engine, or {@code agent}, that recorded it
   * @param sessions the sessions replayed
   * @param requests the requests replayed
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ReplaySection(String runDirectory, String runId, Long seed, String scheduleDigest, String engine,
      int sessions, long requests) {}

  /**
   * @param model closed, open or partly-open
   * @param userStarts closed users that do not start spread over the ramp-up: {@code all-at-once}
   *     (RUBiS); absent otherwise
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ArrivalSection(String model, Integer users, Integer sessionsPerUser, ProcessSection process,
      String userStarts) {}

  /** An arrival process: poisson, deterministic, gaps, recorded or rate-steps. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ProcessSection(String type, Double ratePerSecond, String source, Integer gapCount,
      Long meanGapNanos, Boolean poisson, List<RateStepSection> steps) {}

  public record RateStepSection(double ratePerSecond, long durationNanos) {}

  /**
   * @param type url-list, wsesslog, recorded (a replay) or scripted
   * @param source the wsesslog file, the replayed run directory, or the script's description (RUBiS: table, think-time mode,
   *     slowdown factors, ...)
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record SourceSection(String type, Boolean random, List<String> paths, String source, Integer sessionCount,
      Long requestCount) {}

  /** @param type fixed or geometric */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record LengthSection(String type, Integer requests, Double stayProbability, Integer maxRequests) {}

  /** @param type none, fixed, exponential, uniform or per-state */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ThinkSection(String type, Long nanos, Long meanNanos, Long minNanos, Long maxNanos, String source,
      Map<String, Long> nanosByState, ThinkSection fallback) {}

  public record PhasesSection(long rampUpNanos, long measureNanos, long rampDownNanos, long totalNanos) {
    static PhasesSection of(Phases p) {
      return new PhasesSection(p.rampUpNanos(), p.measureNanos(), p.rampDownNanos(), p.totalNanos());
    }
  }

  /** The section for a resolved workload. */
  public static WorkloadSection of(Workload w) {
    return new WorkloadSection(w.target().toString(), w.target().host(), w.target().port(), w.target().addressText(),
        arrival(w.arrival()),
        source(w.source()), length(w.length()), think(w.thinkTime()), PhasesSection.of(w.phases()), w.seed(),
        replayOf(w.source()));
  }

  static ReplaySection replayOf(SessionSource s) {
    if (!(s instanceof SessionSource.Recorded r)) {
      return null;
    }
    SessionSource.Origin o = r.origin();
    return new ReplaySection(o.runDirectory(), o.runId(), o.seed(), o.scheduleDigest(), o.engine(),
        r.sessions().size(), requests(r.sessions()));
  }

  private static long requests(List<SessionSource.WsSession> sessions) {
    long requests = 0;
    for (SessionSource.WsSession session : sessions) {
      requests += session.requests().size();
    }
    return requests;
  }

  static ArrivalSection arrival(Arrival a) {
    if (a instanceof Arrival.Closed c) {
      return new ArrivalSection("closed", c.users(), c.sessionsPerUser(), null,
          c.starts() == Arrival.UserStarts.ALL_AT_ONCE ? "all-at-once" : null);
    } else if (a instanceof Arrival.Open o) {
      return new ArrivalSection("open", null, null, process(o.process()), null);
    } else if (a instanceof Arrival.PartlyOpen p) {
      return new ArrivalSection("partly-open", null, null, process(p.process()), null);
    }
    return new ArrivalSection(String.valueOf(a), null, null, null, null);
  }

  static ProcessSection process(ArrivalProcess p) {
    if (p instanceof ArrivalProcess.Poisson x) {
      return new ProcessSection("poisson", x.ratePerSecond(), null, null, null, null, null);
    } else if (p instanceof ArrivalProcess.Deterministic x) {
      return new ProcessSection("deterministic", x.ratePerSecond(), null, null, null, null, null);
    } else if (p instanceof ArrivalProcess.Gaps x) {
      long sum = 0;
      for (long g : x.gapsNanos()) {
        sum += g;
      }
      long meanGapNanos = x.gapsNanos().isEmpty() ? 0 : sum / x.gapsNanos().size();
      return new ProcessSection("gaps", null, x.source(), x.gapsNanos().size(), meanGapNanos, null, null);
    } else if (p instanceof ArrivalProcess.Recorded x) {
      int n = x.offsetsNanos().size();
      long meanGapNanos = n < 2 ? 0 : x.offsetsNanos().get(n - 1) / (n - 1);
      return new ProcessSection("recorded", null, x.source(), n, meanGapNanos, null, null);
    } else if (p instanceof ArrivalProcess.RateSteps x) {
      List<RateStepSection> steps =
          x.steps().stream().map(s -> new RateStepSection(s.ratePerSecond(), s.durationNanos())).toList();
      return new ProcessSection("rate-steps", null, null, null, null, x.poisson(), steps);
    }
    return new ProcessSection(String.valueOf(p), null, null, null, null, null, null);
  }

  static SourceSection source(SessionSource s) {
    if (s instanceof SessionSource.UrlList u) {
      return new SourceSection("url-list", u.random(), u.paths(), null, null, null);
    } else if (s instanceof SessionSource.WsessLog w) {
      return new SourceSection("wsesslog", null, null, w.source(), w.sessions().size(), requests(w.sessions()));
    } else if (s instanceof SessionSource.Recorded r) {
      return new SourceSection("recorded", null, null, r.origin().runDirectory(), r.sessions().size(),
          requests(r.sessions()));
    } else if (s instanceof SessionSource.Scripted scripted) {
      return new SourceSection("scripted", null, null, scripted.factory().describe(), null, null);
    }
    return new SourceSection(String.valueOf(s), null, null, null, null, null);
  }

  /** The section of a session length. */
  public static LengthSection length(SessionLength l) {
    if (l instanceof SessionLength.Fixed f) {
      return new LengthSection("fixed", f.requests(), null, null);
    } else if (l instanceof SessionLength.Geometric g) {
      return new LengthSection("geometric", null, g.stayProbability(), g.maxRequests());
    }
    return new LengthSection(String.valueOf(l), null, null, null);
  }

  /** The section of a think time. */
  public static ThinkSection think(ThinkTime t) {
    if (t instanceof ThinkTime.None) {
      return new ThinkSection("none", null, null, null, null, null, null, null);
    } else if (t instanceof ThinkTime.Fixed f) {
      return new ThinkSection("fixed", f.nanos(), null, null, null, null, null, null);
    } else if (t instanceof ThinkTime.Exponential e) {
      return new ThinkSection("exponential", null, e.meanNanos(), null, null, null, null, null);
    } else if (t instanceof ThinkTime.Uniform u) {
      return new ThinkSection("uniform", null, null, u.minNanos(), u.maxNanos(), null, null, null);
    } else if (t instanceof ThinkTime.PerState p) {
      return new ThinkSection("per-state", null, null, null, null, p.source(), p.nanosByState(), think(p.fallback()));
    }
    return new ThinkSection(String.valueOf(t), null, null, null, null, null, null, null);
  }
}
