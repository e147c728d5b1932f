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
import org.junit.jupiter.api.Test;

/** One test per configuration rule of {@link WorkloadSpec}, asserting message and location. */
class WorkloadSpecTest {
  private static WorkloadSpec partlyOpen() {
    WorkloadSpec s = new WorkloadSpec();
    s.arrival = "partly-open";
    s.rate = "5";
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
    WorkloadSpec s = partlyOpen();
    s.rate = null;
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
    WorkloadSpec s = partlyOpen();
    s.rate = null;
    s.rateSchedule = "10:10s,333:4s,0:1s";
    s.process = "deterministic";
    ArrivalProcess.RateSteps steps =
        new ArrivalProcess.RateSteps(List.of(new ArrivalProcess.RateStep(10, 10_000_000_000L),
            new ArrivalProcess.RateStep(333, 4_000_000_000L), new ArrivalProcess.RateStep(0, 1_000_000_000L)),
            false);
    assertEquals(new Arrival.PartlyOpen(steps), s.build().arrival());
  }

  @Test
  void negativeRate() {
    WorkloadSpec s = partlyOpen();
    s.rate = "-5";
    onlyProblem(s, "--rate: \"-5\": expected a number > 0 (arrivals per second)");
  }

  @Test
  void unknownArrival() {
    WorkloadSpec s = new WorkloadSpec();
    s.arrival = "semi-open";
    onlyProblem(s, "--arrival: \"semi-open\": expected closed, open or partly-open");
  }

  @Test
  void unknownProcess() {
    WorkloadSpec s = partlyOpen();
    s.process = "bursty";
    onlyProblem(s, "--process: \"bursty\": expected poisson or deterministic");
  }

  @Test
  void usersMustBePositive() {
    WorkloadSpec s = new WorkloadSpec();
    s.users = "0";
    onlyProblem(s, "--users: \"0\": expected an integer >= 1");
  }

  @Test
  void sessionsPerUserMustNotBeNegative() {
    WorkloadSpec s = new WorkloadSpec();
    s.sessionsPerUser = "-1";
    onlyProblem(s, "--sessions-per-user: \"-1\": expected an integer >= 0");
  }

  @Test
  void closedModelTakesNoRate() {
    WorkloadSpec s = new WorkloadSpec();
    s.rate = "5";
    onlyProblem(s, "--rate: \"5\": expected no --rate with --arrival closed (closed users start a"
        + " session when their previous one ends; use --users, or --arrival partly-open)");
  }

  @Test
  void openModelNeedsAnArrivalSource() {
    WorkloadSpec s = new WorkloadSpec();
    s.arrival = "open";
    onlyProblem(s, "--arrival: \"open\": expected one of --rate, --interarrival or --rate-schedule"
        + " with --arrival open");
  }

  @Test
  void openModelTakesOnlyOneArrivalSource() {
    WorkloadSpec s = partlyOpen();
    s.rateSchedule = "10:1s";
    onlyProblem(s, "--rate-schedule: \"10:1s\": expected only one of --rate, --interarrival or"
        + " --rate-schedule (--rate is also given)");
  }

  @Test
  void badInterarrival() {
    WorkloadSpec s = partlyOpen();
    s.rate = null;
    s.interarrival = "exp:soon";
    onlyProblem(s, "--interarrival: \"exp:soon\": expected a duration > 0 with a unit ns, us, ms, s, m"
        + " or h, e.g. 500ms");
    s.interarrival = "pareto:1s";
    onlyProblem(s, "--interarrival: \"pareto:1s\": expected exp:MEAN, fixed:PERIOD or file:PATH,"
        + " e.g. exp:100ms");
  }

  @Test
  void badRateScheduleStep() {
    WorkloadSpec s = partlyOpen();
    s.rate = null;
    s.rateSchedule = "10:10s,fast:4s";
    onlyProblem(s, "--rate-schedule: \"fast:4s\": expected a rate >= 0 per second before ':', e.g. 333:4s");
    s.rateSchedule = "0:10s";
    onlyProblem(s, "--rate-schedule: \"0:10s\": expected at least one step with a rate > 0");
  }

  @Test
  void badDuration() {
    WorkloadSpec s = new WorkloadSpec();
    s.duration = "10 seconds";
    onlyProblem(s, "--duration: \"10 seconds\": expected a duration > 0 with a unit ns, us, ms, s, m"
        + " or h, e.g. 500ms");
    s.duration = "0s";
    onlyProblem(s, "--duration: \"0s\": expected a duration > 0 with a unit ns, us, ms, s, m or h, e.g. 500ms");
  }

  @Test
  void rampsMayBeZeroButNotNegative() {
    WorkloadSpec s = new WorkloadSpec();
    s.rampUp = "-1s";
    onlyProblem(s, "--ramp-up: \"-1s\": expected a duration >= 0 with a unit ns, us, ms, s, m or h, e.g. 500ms");
  }

  @Test
  void badSeed() {
    WorkloadSpec s = new WorkloadSpec();
    s.seed = "0x10";
    onlyProblem(s, "--seed: \"0x10\": expected an integer (a Java long)");
  }

  @Test
  void badThink() {
    WorkloadSpec s = new WorkloadSpec();
    s.think = "gauss:1s";
    onlyProblem(s, "--think: \"gauss:1s\": expected none, fixed:D, exp:MEAN, uniform:MIN-MAX or table:FILE");
    s.think = "uniform:3s-1s";
    onlyProblem(s, "--think: \"uniform:3s-1s\": expected uniform:MIN-MAX with MIN <= MAX");
  }

  @Test
  void geometricProbabilityMustBeBelowOne() {
    WorkloadSpec s = new WorkloadSpec();
    s.sessionLength = "geometric:1";
    onlyProblem(s, "--session-length: \"geometric:1\": expected geometric:P[:MAX] with 0 <= P < 1"
        + " (go on with probability P) and MAX an integer >= 1");
    s.sessionLength = "fixed:0";
    onlyProblem(s, "--session-length: \"fixed:0\": expected fixed:N with N an integer >= 1");
  }

  @Test
  void urlsMustBePaths() {
    WorkloadSpec s = new WorkloadSpec();
    s.urls = "/a,b.html";
    onlyProblem(s, "--urls: \"b.html\": expected a path starting with '/' (paths separated by commas)");
  }

  @Test
  void badUrlOrder() {
    WorkloadSpec s = new WorkloadSpec();
    s.urlOrder = "shuffled";
    onlyProblem(s, "--url-order: \"shuffled\": expected sequential or random");
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
  void missingFileNamesItsOption() {
    WorkloadSpec s = new WorkloadSpec();
    s.wsesslog = "no/such/sessions.log";
    onlyProblem(s, "--wsesslog no/such/sessions.log: no such file (expected a wsesslog file)");
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
