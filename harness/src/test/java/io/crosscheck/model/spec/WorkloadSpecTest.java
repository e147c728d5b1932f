package io.crosscheck.model.spec;

import static io.crosscheck.model.spec.SpecAssertions.onlyProblem;
import static io.crosscheck.model.spec.SpecAssertions.problems;
import static io.crosscheck.model.spec.SpecAssertions.resource;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.Target;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** One test per configuration rule of {@link WorkloadSpec}, asserting message and location. */
class WorkloadSpecTest {
  /** A partly-open spec at 5 sessions per second, the defaults otherwise. */
  private static final Consumer<WorkloadSpec> PARTLY_OPEN = s -> {
    s.arrival = "partly-open";
    s.rate = "5";
  };

  /** The same with no --rate: a row gives the arrivals another way. */
  private static final Consumer<WorkloadSpec> PARTLY_OPEN_NO_RATE = PARTLY_OPEN.andThen(s -> s.rate = null);

  private static WorkloadSpec spec(Consumer<WorkloadSpec> options) {
    WorkloadSpec s = new WorkloadSpec();
    options.accept(s);
    return s;
  }

  @Test
  void defaultsBuildAClosedWorkload() throws SpecException {
    Workload w = new WorkloadSpec().build();
    assertEquals(new Target("127.0.0.1", 8080), w.target());
    assertEquals(new Arrival.Closed(10, 0), w.arrival());
    assertEquals(new SessionSource.UrlList(List.of("/static/2k"), false), w.source());
    assertEquals(new SessionLength.Fixed(10), w.length());
    assertEquals(new ThinkTime.None(), w.thinkTime());
    assertEquals(new Phases(0, 10_000_000_000L, 0), w.phases());
    assertEquals(1L, w.seed());
  }

  @Test
  void everyFormBuildsItsModel() throws SpecException {
    WorkloadSpec s = spec(PARTLY_OPEN_NO_RATE);
    s.interarrival = "exp:100ms";
    s.think = "uniform:1s-3s";
    s.sessionLength = "geometric:0.8";
    s.urls = "/a, /b";
    s.urlOrder = "random";
    s.rampUp = "1.5m";
    s.rampDown = "250ms";
    s.seed = "-42";
    Workload w = s.build();
    assertEquals(new Arrival.PartlyOpen(new ArrivalProcess.Poisson(10.0)), w.arrival());
    assertEquals(new ThinkTime.Uniform(1_000_000_000L, 3_000_000_000L), w.thinkTime());
    assertEquals(new SessionLength.Geometric(0.8, 1000), w.length());
    assertEquals(new SessionSource.UrlList(List.of("/a", "/b"), true), w.source());
    assertEquals(new Phases(90_000_000_000L, 10_000_000_000L, 250_000_000L), w.phases());
    assertEquals(-42L, w.seed());

    s.interarrival = "fixed:250ms";
    s.think = "exp:20ms";
    s.sessionLength = "geometric:0:5";
    w = s.build();
    assertEquals(new Arrival.PartlyOpen(new ArrivalProcess.Deterministic(4.0)), w.arrival());
    assertEquals(new ThinkTime.Exponential(20_000_000L), w.thinkTime());
    assertEquals(new SessionLength.Geometric(0, 5), w.length());
  }

  @Test
  void rateScheduleTakesItsGapsFromProcess() throws SpecException {
    WorkloadSpec s = spec(PARTLY_OPEN_NO_RATE);
    s.rateSchedule = "10:10s,333:4s,0:1s";
    s.process = "deterministic";
    ArrivalProcess.RateSteps steps =
        new ArrivalProcess.RateSteps(List.of(new ArrivalProcess.RateStep(10, 10_000_000_000L),
            new ArrivalProcess.RateStep(333, 4_000_000_000L), new ArrivalProcess.RateStep(0, 1_000_000_000L)),
            false);
    assertEquals(new Arrival.PartlyOpen(steps), s.build().arrival());
  }

  /**
   * One rule of the spec a row: its name (the test's display name), what the row sets on a default
   * spec, and the full message of the one problem it must give, which names the option.
   */
  static Stream<Arguments> oneRuleBroken() {
    return Stream.of(
        rule("negativeRate", PARTLY_OPEN.andThen(s -> s.rate = "-5"),
            "--rate: \"-5\": expected a number > 0 (arrivals per second)"),
        rule("unknownArrival", s -> s.arrival = "semi-open",
            "--arrival: \"semi-open\": expected closed, open or partly-open"),
        rule("unknownProcess", PARTLY_OPEN.andThen(s -> s.process = "bursty"),
            "--process: \"bursty\": expected poisson or deterministic"),
        rule("usersMustBePositive", s -> s.users = "0", "--users: \"0\": expected an integer >= 1"),
        rule("sessionsPerUserMustNotBeNegative", s -> s.sessionsPerUser = "-1",
            "--sessions-per-user: \"-1\": expected an integer >= 0"),
        rule("closedModelTakesNoRate", s -> s.rate = "5",
            "--rate: \"5\": expected no --rate with --arrival closed (closed users start a"
                + " session when their previous one ends; use --users, or --arrival partly-open)"),
        rule("openModelNeedsAnArrivalSource", s -> s.arrival = "open",
            "--arrival: \"open\": expected one of --rate, --interarrival or --rate-schedule"
                + " with --arrival open"),
        rule("openModelTakesOnlyOneArrivalSource", PARTLY_OPEN.andThen(s -> s.rateSchedule = "10:1s"),
            "--rate-schedule: \"10:1s\": expected only one of --rate, --interarrival or"
                + " --rate-schedule (--rate is also given)"),
        rule("badInterarrival: a bad duration", PARTLY_OPEN_NO_RATE.andThen(s -> s.interarrival = "exp:soon"),
            "--interarrival: \"exp:soon\": expected a duration > 0 with a unit ns, us, ms, s, m"
                + " or h, e.g. 500ms"),
        rule("badInterarrival: an unknown form", PARTLY_OPEN_NO_RATE.andThen(s -> s.interarrival = "pareto:1s"),
            "--interarrival: \"pareto:1s\": expected exp:MEAN, fixed:PERIOD or file:PATH,"
                + " e.g. exp:100ms"),
        rule("badRateScheduleStep: a bad rate", PARTLY_OPEN_NO_RATE.andThen(s -> s.rateSchedule = "10:10s,fast:4s"),
            "--rate-schedule: \"fast:4s\": expected a rate >= 0 per second before ':', e.g. 333:4s"),
        rule("badRateScheduleStep: no rate above zero", PARTLY_OPEN_NO_RATE.andThen(s -> s.rateSchedule = "0:10s"),
            "--rate-schedule: \"0:10s\": expected at least one step with a rate > 0"),
        rule("badDuration: no unit", s -> s.duration = "10 seconds",
            "--duration: \"10 seconds\": expected a duration > 0 with a unit ns, us, ms, s, m or h, e.g. 500ms"),
        rule("badDuration: zero", s -> s.duration = "0s",
            "--duration: \"0s\": expected a duration > 0 with a unit ns, us, ms, s, m or h, e.g. 500ms"),
        rule("rampsMayBeZeroButNotNegative", s -> s.rampUp = "-1s",
            "--ramp-up: \"-1s\": expected a duration >= 0 with a unit ns, us, ms, s, m or h, e.g. 500ms"),
        rule("badSeed", s -> s.seed = "0x10", "--seed: \"0x10\": expected an integer (a Java long)"),
        rule("badThink: an unknown form", s -> s.think = "gauss:1s",
            "--think: \"gauss:1s\": expected none, fixed:D, exp:MEAN, uniform:MIN-MAX or table:FILE"),
        rule("badThink: uniform upside down", s -> s.think = "uniform:3s-1s",
            "--think: \"uniform:3s-1s\": expected uniform:MIN-MAX with MIN <= MAX"),
        rule("geometricProbabilityMustBeBelowOne", s -> s.sessionLength = "geometric:1",
            "--session-length: \"geometric:1\": expected geometric:P[:MAX] with 0 <= P < 1"
                + " (go on with probability P) and MAX an integer >= 1"),
        rule("geometricProbabilityMustBeBelowOne: fixed:0", s -> s.sessionLength = "fixed:0",
            "--session-length: \"fixed:0\": expected fixed:N with N an integer >= 1"),
        rule("urlsMustBePaths", s -> s.urls = "/a,b.html",
            "--urls: \"b.html\": expected a path starting with '/' (paths separated by commas)"),
        rule("badUrlOrder", s -> s.urlOrder = "shuffled", "--url-order: \"shuffled\": expected sequential or random"),
        rule("missingFileNamesItsOption", s -> s.wsesslog = "no/such/sessions.log",
            "--wsesslog no/such/sessions.log: no such file (expected a wsesslog file)"));
  }

  private static Arguments rule(String name, Consumer<WorkloadSpec> options, String message) {
    return Arguments.of(name, options, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("oneRuleBroken")
  void eachRuleGivesOneProblemNamingItsOption(String rule, Consumer<WorkloadSpec> options, String message) {
    onlyProblem(spec(options), message);
  }

  @Test
  void urlsAndWsesslogAreExclusive() {
    WorkloadSpec s = new WorkloadSpec();
    s.urls = "/a";
    s.wsesslog = resource("/wsesslog/rubis-like.log");
    onlyProblem(s, "--wsesslog: \"" + s.wsesslog + "\": expected only one of --urls, --url-file or --wsesslog");
  }

  @Test
  void urlFileIsReadInOrder() throws SpecException {
    WorkloadSpec s = new WorkloadSpec();
    s.urlFile = resource("/urls.txt");
    assertEquals(new SessionSource.UrlList(List.of("/a", "/b"), false), s.build().source());
    s.urls = "/c";
    onlyProblem(s, "--url-file: \"" + s.urlFile + "\": expected only one of --urls, --url-file or --wsesslog");
  }

  @Test
  void multipleProblemsAreReportedTogether() {
    WorkloadSpec s = new WorkloadSpec();
    s.target = "http://example..com:80";
    s.arrival = "open";
    s.rate = "-5";
    s.think = "exp:0s";
    s.duration = "forever";
    s.seed = "x";
    List<String> messages = problems(s).stream().map(Problem::message).toList();
    assertEquals(List.of(
        "--target: \"http://example..com:80\": expected a DNS name, an IPv4 address or an IPv6 address in brackets"
            + " as the host",
        "--rate: \"-5\": expected a number > 0 (arrivals per second)",
        "--think: \"exp:0s\": expected a duration > 0 with a unit ns, us, ms, s, m or h, e.g. 500ms",
        "--duration: \"forever\": expected a duration > 0 with a unit ns, us, ms, s, m or h, e.g. 500ms",
        "--seed: \"x\": expected an integer (a Java long)"), messages);
  }
}
