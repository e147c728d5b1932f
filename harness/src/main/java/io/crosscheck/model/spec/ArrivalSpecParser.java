package io.crosscheck.model.spec;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks and builds the arrival part of a {@link WorkloadSpec}: {@code --arrival}, {@code --users},
 * {@code --sessions-per-user}, {@code --rate}, {@code --process}, {@code --interarrival} and
 * {@code --rate-schedule}, including the rules that tie them together (a closed model takes no
 * rate; an open one takes exactly one of rate, interarrival, rate schedule). Stateless.
 */
final class ArrivalSpecParser {
  private static final String ONE_OF = "--rate, --interarrival or --rate-schedule";
  /**
   * The highest arrival rate crosscheck accepts: 1,000,000 per second (1 us between arrivals).
   * Its schedule and engines time arrivals to the microsecond at best; far below this a single
   * host's generator falls behind anyway, and the summary's pace line then says so.
   */
  static final double MAX_RATE_PER_SECOND = 1_000_000;
  /** The most arrivals one run may schedule (ramps included): 1,000,000,000 (~150 GB of requests.csv). */
  static final double MAX_SCHEDULED_ARRIVALS = 1e9;
  /** The most closed users: 1,000,000 (each holds a session's state, and a thread or a connection). */
  static final int MAX_USERS = 1_000_000;
  private static final String RATE_LIMIT = "at most " + (long) MAX_RATE_PER_SECOND
      + " per second (crosscheck's limit: 1us between arrivals)";

  private ArrivalSpecParser() {}

  /** The arrival model, or null after adding problems. Every field is checked in any case. */
  static Arrival parse(WorkloadSpec spec, List<Problem> problems) {
    int before = problems.size();
    int users = SpecValues.intAtLeast("--users", spec.users, 1, problems);
    if (users > MAX_USERS) {
      problems.add(new Problem("--users", String.valueOf(spec.users), "an integer from 1 to " + MAX_USERS
          + " (crosscheck's limit)"));
    }
    int sessionsPerUser = SpecValues.intAtLeast("--sessions-per-user", spec.sessionsPerUser, 0, problems);
    boolean poisson = "poisson".equals(spec.process);
    if (!poisson && !"deterministic".equals(spec.process)) {
      problems.add(new Problem("--process", String.valueOf(spec.process), "poisson or deterministic"));
    }
    // every given source of arrivals, in option order, parsed even when the model will refuse it
    Map<String, String> given = new LinkedHashMap<>();
    List<ArrivalProcess> processes = new ArrayList<>();
    if (spec.rate != null) {
      given.put("--rate", spec.rate);
      double rate = SpecValues.doubleAbove("--rate", spec.rate, problems, "a number > 0 (arrivals per second)");
      if (rate > MAX_RATE_PER_SECOND) {
        problems.add(new Problem("--rate", spec.rate, "a number > 0 and " + RATE_LIMIT));
      }
      processes.add(poisson ? new ArrivalProcess.Poisson(rate) : new ArrivalProcess.Deterministic(rate));
    }
    if (spec.interarrival != null) {
      given.put("--interarrival", spec.interarrival);
      processes.add(interarrival(spec.interarrival, problems));
    }
    if (spec.rateSchedule != null) {
      given.put("--rate-schedule", spec.rateSchedule);
      processes.add(rateSchedule(spec.rateSchedule, poisson, problems));
    }
    Arrival arrival = null;
    String model = String.valueOf(spec.arrival);
    switch (model) {
      case "closed":
        given.forEach((option, value) -> problems.add(new Problem(option, value,
            "no " + option + " with --arrival closed (closed users start a session when their"
                + " previous one ends; use --users, or --arrival partly-open)")));
        arrival = new Arrival.Closed(users, sessionsPerUser);
        break;
      case "open":
      case "partly-open":
        if (given.isEmpty()) {
          problems.add(new Problem("--arrival", model, "one of " + ONE_OF + " with --arrival " + model));
        } else if (given.size() > 1) {
          String first = given.keySet().iterator().next();
          given.entrySet().stream().skip(1).forEach(e -> problems.add(new Problem(e.getKey(), e.getValue(),
              "only one of " + ONE_OF + " (" + first + " is also given)")));
        } else {
          ArrivalProcess p = processes.get(0);
          arrival = model.equals("open") ? new Arrival.Open(p) : new Arrival.PartlyOpen(p);
        }
        break;
      default:
        problems.add(new Problem("--arrival", model, "closed, open or partly-open"));
    }
    return problems.size() > before ? null : arrival;
  }

  /** {@code exp:MEAN | fixed:PERIOD | file:PATH}. */
  private static ArrivalProcess interarrival(String text, List<Problem> problems) {
    String option = "--interarrival";
    if (text.startsWith("file:")) {
      return GapsFileParser.parse(option, text.substring("file:".length()), problems);
    }
    boolean exp = text.startsWith("exp:");
    if (!exp && !text.startsWith("fixed:")) {
      problems.add(new Problem(option, text, "exp:MEAN, fixed:PERIOD or file:PATH, e.g. exp:100ms"));
      return null;
    }
    long nanos = SpecValues.durationAbove(option, text, text.substring(text.indexOf(':') + 1), 0, problems);
    if (nanos <= 0) {
      return null;
    }
    if (nanos < 1_000) {
      problems.add(new Problem(option, text, "a period of at least 1us (" + RATE_LIMIT + ")"));
      return null;
    }
    // as a rate, so that fixed:PERIOD and --rate 1/PERIOD --process deterministic are the same work
    double ratePerSecond = 1e9 / nanos;
    return exp ? new ArrivalProcess.Poisson(ratePerSecond) : new ArrivalProcess.Deterministic(ratePerSecond);
  }

  /** {@code RATE:DURATION[,RATE:DURATION...]}; a step may have rate 0 (a pause), not all. */
  private static ArrivalProcess rateSchedule(String text, boolean poisson, List<Problem> problems) {
    String option = "--rate-schedule";
    int before = problems.size();
    List<ArrivalProcess.RateStep> steps = new ArrayList<>();
    for (String step : text.split(",", -1)) {
      String s = step.trim();
      int colon = s.indexOf(':');
      if (colon < 0) {
        problems.add(new Problem(option, s, "RATE:DURATION steps separated by commas, e.g. 10:10s,333:4s,10:10s"));
        continue;
      }
      double rate = SpecValues.parseDouble(s.substring(0, colon));
      if (!(rate >= 0) || Double.isInfinite(rate)) {
        problems.add(new Problem(option, s, "a rate >= 0 per second before ':', e.g. 333:4s"));
      }
      long nanos = SpecValues.durationAbove(option, s, s.substring(colon + 1), 0, problems);
      if (rate > MAX_RATE_PER_SECOND) {
        problems.add(new Problem(option, s, "a rate " + RATE_LIMIT));
        continue;
      }
      steps.add(new ArrivalProcess.RateStep(rate, nanos));
    }
    if (problems.size() > before) {
      return null;
    }
    if (steps.stream().noneMatch(st -> st.ratePerSecond() > 0)) {
      problems.add(new Problem(option, text, "at least one step with a rate > 0"));
      return null;
    }
    return new ArrivalProcess.RateSteps(steps, poisson);
  }

  /**
   * Refuses an open or partly-open model that would schedule more than {@link
   * #MAX_SCHEDULED_ARRIVALS} arrivals over {@code runNanos} (ramps included).
   */
  static void checkScheduledArrivals(WorkloadSpec spec, Arrival arrival, long runNanos, List<Problem> problems) {
    ArrivalProcess p = arrival instanceof Arrival.Open o ? o.process()
        : arrival instanceof Arrival.PartlyOpen po ? po.process() : null;
    if (p == null) {
      return;
    }
    double expected = expectedArrivals(p, runNanos);
    if (expected <= MAX_SCHEDULED_ARRIVALS) {
      return;
    }
    String option = spec.rate != null ? "--rate" : spec.interarrival != null ? "--interarrival" : "--rate-schedule";
    String value = spec.rate != null ? spec.rate : spec.interarrival != null ? spec.interarrival : spec.rateSchedule;
    problems.add(new Problem(option, value, String.format(java.util.Locale.ROOT,
        "at most %d arrivals in one run (crosscheck's limit); over %s (ramps included) this schedules"
            + " ~%.3g: lower the rate or shorten --duration", (long) MAX_SCHEDULED_ARRIVALS, spec.duration,
        expected)));
  }

  /** The arrivals {@code p} schedules on average over {@code runNanos}. */
  static double expectedArrivals(ArrivalProcess p, long runNanos) {
    double seconds = runNanos / 1e9;
    if (p instanceof ArrivalProcess.Poisson x) {
      return x.ratePerSecond() * seconds;
    }
    if (p instanceof ArrivalProcess.Deterministic x) {
      return x.ratePerSecond() * seconds;
    }
    if (p instanceof ArrivalProcess.RateSteps x) {
      double n = 0;
      long left = runNanos;
      double last = 0;
      for (ArrivalProcess.RateStep st : x.steps()) {
        long d = Math.min(left, st.durationNanos());
        n += st.ratePerSecond() * d / 1e9;
        left -= d;
        last = st.ratePerSecond();
      }
      return n + last * left / 1e9; // the last rate continues
    }
    if (p instanceof ArrivalProcess.Gaps g) {
      double sum = 0;
      for (long gap : g.gapsNanos()) {
        sum += gap;
      }
      return sum <= 0 ? Double.POSITIVE_INFINITY : runNanos / (sum / g.gapsNanos().size());
    }
    return 0;
  }
}
