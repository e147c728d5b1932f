package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.crosscheck.stats.ConfidenceInterval;
import io.crosscheck.stats.Fit;
import io.crosscheck.stats.Lag1;
import io.crosscheck.stats.WarmUp;
import io.crosscheck.telemetry.TelemetrySummary;
import java.util.List;
import java.util.Map;

/**
 * What an audit found: how far the generator's reported response times are from the wire, where
 * the difference arises, and how the generator used connections. Written to {@code findings.json}
 * as is (Jackson serialises these records field by field); every duration is in microseconds and
 * says so in its name. Immutable.
 *
 * <p>A finding is a claim: {@code coverage} says first how much of the run the figures rest on.
 * When the evidence is insufficient ({@code coverage.sufficient} false) the figures that would need
 * it ({@code responseTime}, {@code lags}, {@code cdf}) are null and the connection verdict is "not
 * judged". Owned by the run-directory contract; built by {@code compare}, read by {@code report}.
 *
 * @param coverage how much of the run the findings rest on, and whether that is enough to judge
 * @param matching how records and wire exchanges were joined
 * @param clock the monotonic→wire clock mapping used
 * @param responseTime reported vs wire response times over matched, complete, measured requests;
 *     null when the evidence is insufficient or there are no records (a wire-only analysis)
 * @param lags where the error arises, through the clock mapping; null as {@code responseTime}
 * @param latency the three columns: from intended start, from send start, on the wire
 * @param intervals error and rate per interval of the run
 * @param connections connection behaviour as the wire shows it
 * @param cdf reported and wire response-time distributions; null as {@code responseTime}
 * @param pressure the generator JVM's telemetry summary (run.json {@code telemetry}): peak threads,
 *     max heap, GC pause total and max, mean CPU; null when the run recorded none
 * @param reportedIntervals what the generator itself reported (one figure per page, a page and its
 *     images, an interaction) set against the wire span and the summed wire times of the exchanges
 *     behind each figure; only for a run recorded by the crosscheck agent (absent otherwise)
 * @param pace whether the generator kept to its own schedule, from its records alone (absent for a
 *     wire-only analysis)
 * @param percentiles HdrHistogram percentiles of the latency columns over the measured phase's
 *     matched pairs; absent where {@code responseTime} is null (and in files written before it)
 * @param urls per URL group (the path without its query): counts, errors and reported/wire
 *     statistics; absent as {@code percentiles}
 * @param clientHost whether the client host (the generator's CPU) was the bottleneck, judged
 *     before any error figure is stated; absent in files written before it
 * @param generatorBehaviour what the emulated generator itself would have done (see the record)
 * @param errorSource where the per-request error arises (see the record)
 * @param stall the load's longest stall, from run.json {@code stall}: requests in flight and none
 *     completing for at least {@code --stall-warning} (the one {@code --stall-timeout} stopped the load
 *     at, when it did); absent when there was none
 * @param populations per kind of id the requests named (TPC-W customers and items, RUBiS users):
 *     how many named an id beyond the population the server stated; absent when no request named one
 * @param serverHost the server host's pressure (its CPU beside the error: the study's Figure 3 axis), from
 *     server telemetry joined by the wall clock; absent without server telemetry
 * @param wan the emulated WAN link the target sat behind (run.json {@code wan}): what the link did to
 *     the frames and what the capture measured through it; absent for a run without {@code --wan}
 * @param workload what the generator sent, measured on the wire, against what its run declared (issue
 *     27); absent for a wire-only analysis and in files written before it
 */
public record Findings(
    Coverage coverage, Matching matching, Clock clock, ResponseTime responseTime, Lags lags,
    LatencyColumns latency, List<Interval> intervals, Connections connections, Cdf cdf,
    TelemetrySummary pressure,
    @JsonInclude(JsonInclude.Include.NON_NULL) ReportedIntervals reportedIntervals,
    @JsonInclude(JsonInclude.Include.NON_NULL) Pace pace,
    @JsonInclude(JsonInclude.Include.NON_NULL) Percentiles percentiles,
    @JsonInclude(JsonInclude.Include.NON_NULL) Urls urls,
    @JsonInclude(JsonInclude.Include.NON_NULL) ClientHost clientHost,
    @JsonInclude(JsonInclude.Include.NON_NULL) GeneratorBehaviour generatorBehaviour,
    @JsonInclude(JsonInclude.Include.NON_NULL) ErrorSource errorSource,
    @JsonInclude(JsonInclude.Include.NON_NULL) RunJson.StallSection stall,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Population> populations,
    @JsonInclude(JsonInclude.Include.NON_NULL) ServerHost serverHost,
    @JsonInclude(JsonInclude.Include.NON_NULL) Wan wan,
    @JsonInclude(JsonInclude.Include.NON_NULL) Workload workload) {

  /** An empty builder: every section null until set (the one way to make findings). */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these findings' sections, to set some of them anew. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.coverage = coverage;
    b.matching = matching;
    b.clock = clock;
    b.responseTime = responseTime;
    b.lags = lags;
    b.latency = latency;
    b.intervals = intervals;
    b.connections = connections;
    b.cdf = cdf;
    b.pressure = pressure;
    b.reportedIntervals = reportedIntervals;
    b.pace = pace;
    b.percentiles = percentiles;
    b.urls = urls;
    b.clientHost = clientHost;
    b.generatorBehaviour = generatorBehaviour;
    b.errorSource = errorSource;
    b.stall = stall;
    b.populations = populations;
    b.serverHost = serverHost;
    b.wan = wan;
    b.workload = workload;
    return b;
  }

  /**
   * Builds {@link Findings}: {@code compare} sets the sections it has judged (a wire-only analysis,
   * a run's own capture, a merge of shards each set a different few) and the rest stay null, which
   * findings.json leaves out. Not thread-safe; {@link #build} may be called more than once.
   */
  public static final class Builder {
    private Coverage coverage;
    private Matching matching;
    private Clock clock;
    private ResponseTime responseTime;
    private Lags lags;
    private LatencyColumns latency;
    private List<Interval> intervals;
    private Connections connections;
    private Cdf cdf;
    private TelemetrySummary pressure;
    private ReportedIntervals reportedIntervals;
    private Pace pace;
    private Percentiles percentiles;
    private Urls urls;
    private ClientHost clientHost;
    private GeneratorBehaviour generatorBehaviour;
    private ErrorSource errorSource;
    private RunJson.StallSection stall;
    private List<Population> populations;
    private ServerHost serverHost;
    private Wan wan;
    private Workload workload;

    public Builder coverage(Coverage coverage) {
      this.coverage = coverage;
      return this;
    }

    public Builder matching(Matching matching) {
      this.matching = matching;
      return this;
    }

    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    public Builder responseTime(ResponseTime responseTime) {
      this.responseTime = responseTime;
      return this;
    }

    public Builder lags(Lags lags) {
      this.lags = lags;
      return this;
    }

    public Builder latency(LatencyColumns latency) {
      this.latency = latency;
      return this;
    }

    public Builder intervals(List<Interval> intervals) {
      this.intervals = intervals;
      return this;
    }

    public Builder connections(Connections connections) {
      this.connections = connections;
      return this;
    }

    public Builder cdf(Cdf cdf) {
      this.cdf = cdf;
      return this;
    }

    public Builder pressure(TelemetrySummary pressure) {
      this.pressure = pressure;
      return this;
    }

    public Builder reportedIntervals(ReportedIntervals reportedIntervals) {
      this.reportedIntervals = reportedIntervals;
      return this;
    }

    public Builder pace(Pace pace) {
      this.pace = pace;
      return this;
    }

    public Builder percentiles(Percentiles percentiles) {
      this.percentiles = percentiles;
      return this;
    }

    public Builder urls(Urls urls) {
      this.urls = urls;
      return this;
    }

    public Builder clientHost(ClientHost clientHost) {
      this.clientHost = clientHost;
      return this;
    }

    public Builder generatorBehaviour(GeneratorBehaviour generatorBehaviour) {
      this.generatorBehaviour = generatorBehaviour;
      return this;
    }

    public Builder errorSource(ErrorSource errorSource) {
      this.errorSource = errorSource;
      return this;
    }

    public Builder stall(RunJson.StallSection stall) {
      this.stall = stall;
      return this;
    }

    public Builder populations(List<Population> populations) {
      this.populations = populations == null ? null : List.copyOf(populations);
      return this;
    }

    public Builder serverHost(ServerHost serverHost) {
      this.serverHost = serverHost;
      return this;
    }

    public Builder wan(Wan wan) {
      this.wan = wan;
      return this;
    }

    /** The findings with the sections set. */
    public Builder workload(Workload workload) {
      this.workload = workload;
      return this;
    }

    public Findings build() {
      return new Findings(coverage, matching, clock, responseTime, lags, latency, intervals, connections, cdf,
          pressure, reportedIntervals, pace, percentiles, urls, clientHost, generatorBehaviour, errorSource, stall,
          populations, serverHost, wan, workload);
    }
  }



  /**
   * The emulated WAN link behind which the target sat, and what the capture on the client's side of it
   * measured: no exchange can get its first reply byte sooner than one round trip of the link after its
   * request's first byte, so {@code belowRtt} counts the exchanges that did (0 when the link held).
   *
   * @param profile the profile's canonical text
   * @param rttMicros the round trip the link adds
   * @param upFrames frames client to server, of which {@code upLost} lost and {@code upQueueDropped}
   *     dropped at the queue; the rest delayed
   * @param upLost see {@code upFrames}
   * @param upQueueDropped see {@code upFrames}
   * @param downFrames frames server to client, likewise
   * @param downLost see {@code downFrames}
   * @param downQueueDropped see {@code downFrames}
   * @param exchanges wire exchanges with a reply time (request's first byte to the reply's first byte)
   * @param minReplyMicros the shortest of those reply times; null without exchanges
   * @param belowRtt exchanges whose reply time was shorter than {@code rttMicros}
   * @param handshakes connections whose SYN and SYN-ACK the capture saw
   * @param medianHandshakeMicros their median SYN to SYN-ACK time; null without handshakes
   * @param statement the link's effect in words, as files before formatVersion 5 held it; absent since ({@code
   *     report.FindingsSentences.wan} says it from {@code verdict} and the figures)
   * @param evidence what the figures rest on, in words, formatVersion 4 and before; absent since
   * @param verdict what the capture shows of the link; absent in files before formatVersion 5
   * @param upDelayed of {@code upFrames}, those delivered after the rate and the one-way delay; absent before
   *     formatVersion 5
   * @param downDelayed of {@code downFrames}, likewise
   * @param linkFailure the link's failure as its forwarder reported it (run.json {@code wan.linkFailure}); absent
   *     when the link did not fail
   * @param clientInterface the interface the capture ran on, the client's side of the link (run.json); absent
   *     before formatVersion 5
   * @param clientNamespace the network namespace it lies in (run.json)
   */
  public record Wan(String profile, double rttMicros, long upFrames, long upLost, long upQueueDropped,
      long downFrames, long downLost, long downQueueDropped, long exchanges, Double minReplyMicros, long belowRtt,
      long handshakes, Double medianHandshakeMicros,
      @JsonInclude(JsonInclude.Include.NON_NULL) String statement,
      @JsonInclude(JsonInclude.Include.NON_NULL) String evidence,
      @JsonInclude(JsonInclude.Include.NON_NULL) WanVerdict verdict,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long upDelayed,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long downDelayed,
      @JsonInclude(JsonInclude.Include.NON_NULL) String linkFailure,
      @JsonInclude(JsonInclude.Include.NON_NULL) String clientInterface,
      @JsonInclude(JsonInclude.Include.NON_NULL) String clientNamespace) {}

  /** What the capture on the client's side of the link shows of it ({@link Wan#verdict}). */
  public enum WanVerdict {
    /** No exchange replied sooner than the link's round trip: the capture saw the link's traffic. */
    HELD,
    /** Some exchanges ({@link Wan#belowRtt}) replied sooner than the round trip: the capture missed the link. */
    BELOW_RTT,
    /** No exchange with a reply on the wire: nothing was measured through the link. */
    NO_REPLY
  }




  /**
   * Requests that named an id of one kind (a TPC-W customer, a RUBiS user...) against the
   * population the server stated on its replies (the Server field's comment, see {@code
   * io.crosscheck.wire.StatedPopulation}): the client asked for ids the server's database does not
   * hold when it was started smaller than the client was told (the RBE's {@code -CUST} against
   * {@code serve --tpcw --customers}, RUBiS's {@code database_number_of_users} against {@code serve
   * --rubis --users}). Counted over every record of every phase (requests.csv's URL and status), or
   * over the wire's exchanges when there are no records.
   *
   * @param kind which ids
   * @param verdict {@code BEYOND} when requests named ids beyond the population (for a kind that
   *     grows by registration, such as TPC-W customers, only those the server refused count),
   *     {@code WITHIN} when none did, {@code NOT_STATED} when the server stated no population
   * @param requests requests that named an id of this kind (the evidence)
   * @param refused of which the server answered with a status of 400 or more
   * @param population the population the server stated; null when {@code NOT_STATED}
   * @param beyond requests counted as beyond the population (see {@code verdict}); 0 when not stated
   * @param highestId the highest id any request named
   * @param lowestRefusedId the lowest id a refused request named; null when none was refused
   * @param source where the requests were counted: the generator's records or the wire
   * @param statingReplies replies that stated this population
   * @param otherStatements how many other values of it replies stated (a server restarted at
   *     another size during the capture); the most stated one is {@code population}
   */
  public record Population(PopulationKind kind, PopulationVerdict verdict, long requests, long refused,
      Long population, long beyond, long highestId, Long lowestRefusedId, PopulationSource source,
      long statingReplies, int otherStatements) {}

  /** See {@link Population#verdict}. */
  public enum PopulationVerdict { BEYOND, WITHIN, NOT_STATED }

  /** Where {@link Population}'s requests were counted. */
  public enum PopulationSource { RECORDS, WIRE }



  /**
   * Where the generator's per-request error arises, and the engine layout the run had: the error
   * (reported minus wire) is the send lag (the generator's send stamp to the request's first
   * packet on the wire) plus the receive lag (the reply's last packet to the generator's read), so it
   * belongs to the client host, never to the server, whose time is the wire's. Data only: {@code
   * report.FindingsSentences} says it in words.
   *
   * @param layout run.json's engine layout as run.json describes it (what ran where, and why); null when
   *     the run had none (legacy engines, agents)
   * @param knownAccuracy what that layout is known to give, with its source (run.json); null without one
   * @param layoutName the layout's name ({@code loop-alone}, {@code shared}...); null without a layout
   * @param cause where the error arises; null when there are no matched pairs with lags to rest it on
   *     (then only the layout is stated)
   * @param hint what the layout and the error's size suggest; null with {@code cause}
   * @param pairs the matched pairs the error rests on; null with {@code cause}
   * @param lagPairs of which with both lags
   * @param meanErrorMicros their mean per-request error
   * @param sendLagMeanMicros their mean send lag
   * @param receiveLagMeanMicros their mean receive lag
   * @param wireMeanMicros their mean wire time (the server's side)
   * @param statement the attribution in words, as files of formatVersion 2 held it; null since
   * @param evidence what it rested on in words, formatVersion 2 only; null since
   */
  public record ErrorSource(String layout, String knownAccuracy,
      @JsonInclude(JsonInclude.Include.NON_NULL) String layoutName,
      @JsonInclude(JsonInclude.Include.NON_NULL) ErrorCause cause,
      @JsonInclude(JsonInclude.Include.NON_NULL) LayoutHint hint,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long pairs,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long lagPairs,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double meanErrorMicros,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double sendLagMeanMicros,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double receiveLagMeanMicros,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double wireMeanMicros,
      @JsonInclude(JsonInclude.Include.NON_NULL) String statement,
      @JsonInclude(JsonInclude.Include.NON_NULL) String evidence) {

    /** The layout alone: no matched pairs to attribute an error with. */
    public static ErrorSource layoutOnly(String layout, String knownAccuracy, String layoutName) {
      return new ErrorSource(layout, knownAccuracy, layoutName, null, null, null, null, null, null, null, null, null,
          null);
    }

    /** The cause: {@link #cause}, or, in a file of formatVersion 2, from its statement. */
    public ErrorCause causeOrFromStatement() {
      return cause != null ? cause
          : statement != null && statement.startsWith("the client host's") ? ErrorCause.CLIENT_HOST : null;
    }
  }

  /** Where the per-request error arises ({@link ErrorSource#cause}). */
  public enum ErrorCause {
    /** Send lag plus receive lag: the client host's, never the server's (its time is the wire's). */
    CLIENT_HOST
  }

  /** What the engine layout and the error's size suggest ({@link ErrorSource#hint}). */
  public enum LayoutHint {
    /** Nothing to add. */
    NONE,
    /** The event loop had no core of its own and the mean error is above 20 us: a loop-alone audit would help. */
    LOOP_WITHOUT_OWN_CORE,
    /** Loop-alone, and the mean error is above the 50 us that layout gives on a quiet host. */
    ABOVE_LOOP_ALONE
  }



  /**
   * What the emulated generator itself would have done in this run, from the script's own counts
   * (run.json {@code scriptOutcomes}) and the generator's JVM: e.g. the TPC-W RBE's failure modes
   * (its exit at the -MAXERROR-th error, its 100,000-interaction limit, browsers killed by a
   * malformed number, Thread.stop on JDK 20+). Absent when the run emulated no such generator.
   *
   * @param source where the statements come from, in words
   * @param statements one plain sentence each, with its evidence; "none observed" when nothing happened
   */
  public record GeneratorBehaviour(String source, List<String> statements) {}




  /**
   * Response times at fixed percentiles, from HdrHistogram ({@code getValueAtPercentile}, 3
   * significant digits, values recorded in nanoseconds), for a percentile plot on a log 1/(1-p)
   * axis. Every array has one value per entry of {@code percentiles}, in microseconds.
   *
   * @param count the matched pairs (complete on both sides, in the measured phase)
   * @param window which part of the run: {@code measured phase}
   * @param percentiles the percentiles, ascending (0 is the minimum, 100 the maximum)
   * @param fromIntendedStartMicros intended start to last byte (free of coordinated omission)
   * @param fromSendStartMicros send start to last byte on the generator's clock
   * @param wireMicros the wire's request start to last response byte
   * @param reportedMicros what the generator reports per request: for crosscheck's engines and the
   *     agent's records its send start to last byte, so equal to {@code fromSendStartMicros}
   */
  public record Percentiles(long count, String window, List<Double> percentiles, List<Double> fromIntendedStartMicros,
      List<Double> fromSendStartMicros, List<Double> wireMicros, List<Double> reportedMicros) {}

  /**
   * Per URL group, most records first, at most {@code MAX_GROUPS} groups and the rest summed as
   * {@code (other)}. URL groups are kept as they came (escape them for display).
   *
   * @param statement what the groups rest on, in words, as files written before {@code records} held it; absent
   *     since ({@code report.FindingsSentences.urls} says it from the figures)
   * @param groups the groups
   * @param records records of the measured phase over every group; absent in files written before it
   * @param urlGroups URL groups, listed or summed as {@link #OTHER}
   * @param pairs the pairs matched complete on both sides the statistics rest on
   */
  public record Urls(@JsonInclude(JsonInclude.Include.NON_NULL) String statement, List<UrlGroup> groups,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long records,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer urlGroups,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long pairs) {
    /** Most groups listed by name; the rest are summed as {@link #OTHER}. */
    public static final int MAX_GROUPS = 50;
    /** The name of the summed remainder. */
    public static final String OTHER = "(other)";
  }

  /**
   * One URL group in the measured phase. Means and percentiles (nearest rank) over its matched
   * pairs, in microseconds; NaN when it has none.
   *
   * @param urlGroup the request target's path without query, {@code ;} parameters or fragment
   * @param count records in the measured phase
   * @param errors of which did not end {@code ok}
   * @param matched of which matched pairs complete on both sides (the statistics' evidence)
   * @param absoluteErrorMicros reported mean minus wire mean
   */
  public record UrlGroup(String urlGroup, long count, long errors, long matched, double reportedMeanMicros,
      double wireMeanMicros, double reportedP50Micros, double reportedP99Micros, double wireP50Micros,
      double wireP99Micros, double absoluteErrorMicros) {}

  /**
   * The study's sanity check: was the machine that ran the generator the bottleneck? From the
   * generator JVM's telemetry over the measured phase (its CPU against the cores available to it,
   * its threads' run-queue wait) and the send lag of the matched pairs. Not judged without
   * telemetry ({@code verdict} says why); then every CPU figure is null. Data only: {@code
   * report.FindingsSentences.clientHost} and {@code clientHostEvidence} say it in words.
   *
   * @param judged whether the evidence supports a verdict
   * @param bottleneck the verdict; null when not judged
   * @param statement the verdict with its figures and thresholds in words, as files of formatVersion 2 and 3
   *     held it; absent since (the renderer says it from {@code verdict} and the figures)
   * @param cpuCoresAvailable the cores the CPU figures are held against: the generator's available processors,
   *     less {@code busyPollingCores}; for {@code NOT_JUDGED_ALL_BUSY_POLLED} the cores, all of them busy-polled;
   *     null otherwise when not judged
   * @param generatorCpuCoresMean mean process CPU (user + system), cores, over the window's samples
   * @param generatorCpuCoresMax the largest sample
   * @param saturatedSeconds seconds whose samples were at or above {@code thresholds.saturatedFraction} of
   *     the available cores
   * @param runQueueWaitMicrosPerSecondMax the largest sample of the threads' run-queue wait, µs per
   *     second summed over threads; null when not measured
   * @param sendLagP99Micros the 99th percentile of the send lag (first request byte on the wire
   *     minus the generator's send start); null without matched pairs
   * @param evidence samples, period, window and the sources of the figures in words, formatVersion 2 and 3
   *     only; absent since
   * @param cpuSaturated whether {@code saturatedSeconds} reached {@code thresholds.saturatedShare} of
   *     {@code sampledSeconds}; null when not judged
   * @param bottleneckHost which host was the bottleneck, client or server; judged only with both hosts'
   *     evidence ({@code server-unknown} without server telemetry); absent in files written before it
   * @param hosts that verdict with both hosts' figures, in words, as files of formatVersion 2 held it; absent
   *     since (the renderer says it from {@code bottleneckHost} and both sections' figures)
   * @param verdict the client host's verdict and why, as a token; absent in files of formatVersion 2
   * @param runQueueWaitMicrosPerSecondMean the threads' mean run-queue wait over the samples that measured it,
   *     µs per second summed over threads; null when not measured (and in files before formatVersion 4, as
   *     every field below)
   * @param startLagP99Micros the 99th percentile of the start lag (send start minus intended start, the
   *     measured phase's records, generator clock); null when not stated
   * @param telemetryPeriodMillis the telemetry's sampling period (the median gap between samples); null when
   *     unknown (fewer than 2 samples)
   * @param measuredSeconds the measured phase's length on the generator's monotonic clock
   * @param samples telemetry samples with CPU in the measured phase (the judgement's evidence)
   * @param telemetrySamples telemetry samples in the run
   * @param sampledSeconds the seconds {@code samples} cover
   * @param coresSource where {@code cpuCoresAvailable} came from
   * @param busyPollingCores cores the engine's busy-polling event loops keep busy by design, left out of the
   *     cores and of every CPU figure; 0 when none
   * @param sendLagPairs the matched pairs {@code sendLagP99Micros} rests on; null when not stated
   * @param startLagRecords the records {@code startLagP99Micros} rests on; null with {@code sendLagPairs}
   * @param thresholds the thresholds of the verdict; null when not judged
   */
  public record ClientHost(boolean judged, Boolean bottleneck,
      @JsonInclude(JsonInclude.Include.NON_NULL) String statement, Integer cpuCoresAvailable,
      Double generatorCpuCoresMean, Double generatorCpuCoresMax, Double saturatedSeconds,
      Double runQueueWaitMicrosPerSecondMax, Double sendLagP99Micros,
      @JsonInclude(JsonInclude.Include.NON_NULL) String evidence, Boolean cpuSaturated,
      @JsonInclude(JsonInclude.Include.NON_NULL) BottleneckHost bottleneckHost,
      @JsonInclude(JsonInclude.Include.NON_NULL) String hosts,
      @JsonInclude(JsonInclude.Include.NON_NULL) ClientHostVerdict verdict,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double runQueueWaitMicrosPerSecondMean,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double startLagP99Micros,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double telemetryPeriodMillis,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double measuredSeconds,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer samples,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer telemetrySamples,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double sampledSeconds,
      @JsonInclude(JsonInclude.Include.NON_NULL) CoresSource coresSource,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer busyPollingCores,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long sendLagPairs,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long startLagRecords,
      @JsonInclude(JsonInclude.Include.NON_NULL) ClientHostThresholds thresholds) {

    /** Not judged, for {@code verdict}'s reason, with no figure but the send lag's. */
    public static ClientHost notJudged(ClientHostVerdict verdict, Double sendLagP99Micros) {
      return new ClientHost(false, null, null, null, null, null, null, null, sendLagP99Micros, null, null, null, null,
          verdict, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** A copy that says which host was the bottleneck ({@code hosts}: the verdict and both sides' figures). */
    public ClientHost withHosts(BottleneckHost which, String hostsStatement) {
      return new ClientHost(judged, bottleneck, statement, cpuCoresAvailable, generatorCpuCoresMean,
          generatorCpuCoresMax, saturatedSeconds, runQueueWaitMicrosPerSecondMax, sendLagP99Micros, evidence,
          cpuSaturated, which, hostsStatement, verdict, runQueueWaitMicrosPerSecondMean, startLagP99Micros,
          telemetryPeriodMillis, measuredSeconds, samples, telemetrySamples, sampledSeconds, coresSource,
          busyPollingCores, sendLagPairs, startLagRecords, thresholds);
    }
  }

  /**
   * The thresholds a client-host verdict was judged by ({@code compare.ClientHostCheck}'s, stated with it).
   *
   * @param saturatedFraction a sample is saturated at this fraction of the available cores
   * @param saturatedShare the host is the bottleneck when saturated for this share of the sampled seconds
   * @param runQueueWaitMicrosPerSecond ...or when its threads' mean run-queue wait reaches this, µs per second
   * @param sendLagP99Micros ...and the send lag p99 reaches this
   */
  public record ClientHostThresholds(double saturatedFraction, double saturatedShare,
      double runQueueWaitMicrosPerSecond, double sendLagP99Micros) {
    /** A sample counts as saturated at this fraction of the available cores (server host too). */
    public static final double SATURATED_FRACTION = 0.90;
    /** The host is the bottleneck when saturated for this share of the measured seconds. */
    public static final double SATURATED_SHARE = 0.10;
    /** ...or when its threads' mean run-queue wait reaches this, µs per second summed over threads. */
    public static final double RUN_QUEUE_MICROS_PER_SECOND = 100_000;
    /** ...and the send lag p99 reaches this (µs). */
    public static final double SEND_LAG_P99_MICROS = 1_000;
    /**
     * The thresholds the comparison judges by today, stated with each verdict (the report renders a
     * file without them, format 3 and older, with these).
     */
    public static final ClientHostThresholds CURRENT = new ClientHostThresholds(SATURATED_FRACTION,
        SATURATED_SHARE, RUN_QUEUE_MICROS_PER_SECOND, SEND_LAG_P99_MICROS);
  }

  /** Where the cores available to the generator came from ({@link ClientHost#coresSource}). */
  public enum CoresSource {
    /** The generator JVM's available processors, in its telemetry. */
    TELEMETRY,
    /** The generator JVM's available processors in run.json's jvm (it ran in crosscheck's JVM). */
    RUN_JSON_JVM,
    /** The host's cores in run.json's host: the generator's own count was not recorded. */
    RUN_JSON_HOST,
    /** Not known. */
    UNKNOWN
  }

  /** The client host's verdict and its reason ({@link ClientHost#verdict}). */
  public enum ClientHostVerdict {
    /** CPU at or above the saturated fraction of the cores for long enough. */
    BOTTLENECK_CPU,
    /** Threads queued for a core, and the send lag shows it. */
    BOTTLENECK_RUN_QUEUE,
    /** Both of the above. */
    BOTTLENECK_CPU_AND_RUN_QUEUE,
    /** Neither CPU saturation nor queued threads. */
    NOT_BOTTLENECK,
    /** Threads queued for a core, but the send lag stayed low. */
    NOT_BOTTLENECK_SEND_LAG_LOW,
    /** The cores of the other threads were saturated, but the busy-polling loop sent on time. */
    NOT_BOTTLENECK_LOOP_ON_TIME,
    /** No telemetry rows. */
    NOT_JUDGED_NO_TELEMETRY,
    /** Fewer than 2 telemetry samples with CPU in the measured phase. */
    NOT_JUDGED_FEW_SAMPLES,
    /** The cores available to the generator are unknown. */
    NOT_JUDGED_CORES_UNKNOWN,
    /** Every core is busy-polled by the engine's event loops. */
    NOT_JUDGED_ALL_BUSY_POLLED,
    /** A wire-only analysis: no generator records or telemetry. */
    NOT_JUDGED_WIRE_ONLY,
    /** A merge of shards, each on its own host or share of one. */
    NOT_JUDGED_SHARDS
  }

  /**
   * Which host was the bottleneck over the run's measured phase, the client's (generator CPU) or the
   * server's (server CPU, from server telemetry): judged only when both hosts' evidence exists.
   */
  public enum BottleneckHost {
    CLIENT("client"), SERVER("server"), BOTH("both"), NEITHER("neither"),
    /** The client host was judged, the server's side is unknown (no server telemetry, or too little of it). */
    SERVER_UNKNOWN("server-unknown"),
    /** The server's side was judged, the client's was not. */
    CLIENT_UNKNOWN("client-unknown"),
    /** Neither side was judged. */
    UNKNOWN("unknown");

    private final String token;

    BottleneckHost(String token) {
      this.token = token;
    }

    @com.fasterxml.jackson.annotation.JsonValue
    public String token() {
      return token;
    }

    @com.fasterxml.jackson.annotation.JsonCreator
    public static BottleneckHost ofToken(String token) {
      for (BottleneckHost b : values()) {
        if (b.token.equals(token)) {
          return b;
        }
      }
      return null;
    }
  }

  /**
   * The server host's pressure over the run's measured phase, from server telemetry ({@code
   * server-telemetry.csv} of {@code crosscheck monitor}, or of {@code audit --server-pid}/{@code
   * --server-netns}), joined to the run by the wall clock. Absent without server telemetry. Figures
   * are null when not judged ({@code statement} says why).
   *
   * @param source where the samples came from, in words (the option, the processes or namespace)
   * @param file the CSV
   * @param sameHost whether it was sampled on the generator's own host (one wall clock)
   * @param clock how its wall clock relates to the run's, in words
   * @param clockUncertaintyMicros the assumed bound on the offset between the two wall clocks (0 on one host)
   * @param samplesInFile rows in the file
   * @param samples rows joined: stamped within the measured phase (wall clock)
   * @param windowStartEpochNanos the measured phase's start on the run's wall clock
   * @param windowEndEpochNanos its end
   * @param judged whether at least 2 rows with the server's CPU fall in the window
   * @param bottleneck whether the server host was the bottleneck; null when not judged
   * @param serverCpuCoresMean the server processes' mean CPU (user + system), cores, over the joined rows
   * @param serverCpuCoresMax the largest row
   * @param serverCpusAllowed cores the server may run on (its affinity), the largest row's
   * @param hostCores the server host's cores
   * @param hostCpuBusyPercentMean the server host's mean CPU utilisation, all cores (the study's Figure 3 axis)
   * @param hostCpuBusyPercentMax its largest row
   * @param busiestCorePercentMean the mean utilisation of the server host's busiest core over the window
   * @param saturatedSeconds seconds of rows in which the server used at least {@code SATURATED_FRACTION} of its
   *     allowed cores, or the host was that busy
   * @param serverThreadsMax most threads of the server in a row
   * @param serverRssMaxBytes most resident memory of the server in a row
   * @param procsRunningMean the host's mean run queue (procs_running) over the rows
   * @param network per interface of the server's namespace, its traffic over the window
   * @param statement the verdict with its figures in words, as files written before {@code verdict} held it;
   *     absent since ({@code report.FindingsSentences} says it from {@code verdict} and the figures)
   * @param evidence rows, period, window, clock and sources in words, likewise absent since
   * @param verdict the server host's verdict and why; absent in files written before it (then {@code statement}
   *     says it)
   * @param sampledSeconds the seconds the joined rows cover (each row's interval added)
   * @param samplePeriodMillis the joined rows' median interval; 0 without rows
   */
  public record ServerHost(String source, String file, boolean sameHost, String clock, double clockUncertaintyMicros,
      long samplesInFile, long samples, long windowStartEpochNanos, long windowEndEpochNanos, boolean judged,
      Boolean bottleneck, Double serverCpuCoresMean, Double serverCpuCoresMax, Integer serverCpusAllowed,
      Integer hostCores, Double hostCpuBusyPercentMean, Double hostCpuBusyPercentMax, Double busiestCorePercentMean,
      Double saturatedSeconds, Integer serverThreadsMax, Long serverRssMaxBytes, Double procsRunningMean,
      List<InterfaceTraffic> network,
      @JsonInclude(JsonInclude.Include.NON_NULL) String statement,
      @JsonInclude(JsonInclude.Include.NON_NULL) String evidence,
      @JsonInclude(JsonInclude.Include.NON_NULL) ServerHostVerdict verdict,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double sampledSeconds,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long samplePeriodMillis) {}

  /** The server host's verdict and its reason ({@link ServerHost#verdict}). */
  public enum ServerHostVerdict {
    /** On another host: the server's processes used the saturated share of their cores, or its host was that busy. */
    BOTTLENECK_SERVER_OR_HOST,
    /** On the generator's host: the server's processes used the saturated share of the cores they may run on. */
    BOTTLENECK_SERVER_CPU,
    /** No server process sampled (the host only), and the host's CPU was saturated. */
    BOTTLENECK_HOST_CPU,
    /** Neither the server's processes nor (on another host) its host were saturated for long enough. */
    NOT_BOTTLENECK,
    /** Fewer than 2 rows stamped in the measured phase. */
    NOT_JUDGED_FEW_ROWS,
    /** Rows stamped in the measured phase, but none with the host's CPU. */
    NOT_JUDGED_NO_HOST_CPU
  }

  /** One interface's traffic over the window: counter differences, last row minus first. */
  public record InterfaceTraffic(String name, long rxBytes, long rxPackets, long rxDroppedPackets, long txBytes,
      long txPackets, long txDroppedPackets) {}




  /**
   * Whether the generator kept to its schedule, judged from its own records (requests.csv) on its
   * monotonic clock, not from the wire: a request is late when the generator began it (its connect,
   * or its send on a reused connection) more than {@code lateThresholdMicros} after its intended
   * start, and not sent when it is a {@code generator-error}. "From second N" (from the first
   * intended start) is the first second where at least 10 and at least 1% of the scheduled requests
   * were late or not sent; -1 when there is none.
   *
   * @param scheduled records with an intended start (the evidence)
   * @param late of which begun late
   * @param notSent of which never sent ({@code generator-error})
   * @param lateThresholdMicros how late is late
   * @param behindFromSecond the second the generator fell behind from; -1 when it kept up
   * @param statement the verdict and its evidence in words, as files of formatVersion 2 held it; null since
   * @param state the verdict; absent in files of formatVersion 2 (then {@link #stateOrDerived()} derives it
   *     from the figures)
   */
  public record Pace(long scheduled, long late, long notSent, double lateThresholdMicros, long behindFromSecond,
      @JsonInclude(JsonInclude.Include.NON_NULL) String statement,
      @JsonInclude(JsonInclude.Include.NON_NULL) PaceState state) {

    /** The pace judged from its figures (the sentence is the renderer's). */
    public static Pace of(long scheduled, long late, long notSent, double lateThresholdMicros, long behindFromSecond) {
      return new Pace(scheduled, late, notSent, lateThresholdMicros, behindFromSecond, null,
          stateOf(scheduled, behindFromSecond));
    }

    /** {@link #state}, or derived from the figures in files written before it. */
    public PaceState stateOrDerived() {
      return state != null ? state : stateOf(scheduled, behindFromSecond);
    }

    private static PaceState stateOf(long scheduled, long behindFromSecond) {
      return scheduled == 0 ? PaceState.NOT_JUDGED : behindFromSecond >= 0 ? PaceState.FELL_BEHIND
          : PaceState.KEPT_UP;
    }
  }

  /** Whether the generator kept to its own schedule ({@link Pace#state}). */
  public enum PaceState {
    /** Fewer late or unsent requests than the threshold in every second. */
    KEPT_UP,
    /** From {@code behindFromSecond} on, the generator began its requests late or not at all. */
    FELL_BEHIND,
    /** No record has an intended start. */
    NOT_JUDGED
  }



  /**
   * The generator's own figures (DESIGN.md §2, "reported interval") against the wire. A reported
   * interval groups the exchanges one thread made for one figure (a RUBiS {@code callHTTPServer}
   * call: a page, its retries and its images; a TPC-W interaction from its scheduled send to its
   * last image). Its wire span runs from its first request's first byte to its last response byte
   * on the wire; its wire sum adds the wire response times of its exchanges; the gap (span - sum) is
   * what the generator spent between them (parsing, reading, connecting); its page time is its first
   * exchange's wire response time. Only intervals whose every exchange matched a complete wire
   * exchange count. Durations in microseconds.
   *
   * @param reporting the reporting spec ({@code reportedBy=CLASS#METHOD} or {@code
   *     reportedValue=CLASS#METHOD:ARG:UNIT}); empty when none was given
   * @param intervals intervals the agent recorded (intervals.csv rows)
   * @param intervalsMatched of which every exchange matched a complete wire exchange
   * @param exchanges exchanges those intervals grouped
   * @param exchangesMatched of which matched to the wire
   * @param unmatchedIntervals intervals left out, by reason ({@code exchange-unmatched}, {@code
   *     wire-incomplete}, {@code exchange-missing}: fewer requests.csv rows than the interval counts,
   *     {@code no-figure}: the interval has no figure, its last exchange never ended)
   * @param belowSpanToleranceMicros how far below its wire span a reported figure may be before it
   *     is counted as impossible (the reported figure's resolution)
   * @param clockMapping how the exchanges were joined to the wire's (the comparison's mapping), in words, as files
   *     before formatVersion 4 held it; absent since (the coverage's); the spans and sums themselves are the
   *     capture's clock alone
   * @param statement the evidence and the overall result in words, as files before formatVersion 4 held it;
   *     absent since ({@code report.FindingsSentences.reportedIntervals} says it from {@code state} and the
   *     figures)
   * @param overall every matched interval (empty when not judged)
   * @param groups per URL group (the path, without query, of each interval's first exchange),
   *     most intervals first
   * @param state what the figures allow; absent in files before formatVersion 4 (then {@link
   *     #stateOrDerived()} derives it)
   * @param minMatchedPercent the matching floor the intervals were judged against (the run's {@code
   *     coverage.minMatchedPercent}); absent when not judged against it, and in files before formatVersion 4
   */
  public record ReportedIntervals(String reporting, long intervals, long intervalsMatched, long exchanges,
      long exchangesMatched, Map<String, Long> unmatchedIntervals, double belowSpanToleranceMicros,
      @JsonInclude(JsonInclude.Include.NON_NULL) String clockMapping,
      @JsonInclude(JsonInclude.Include.NON_NULL) String statement, IntervalGroup overall,
      List<IntervalGroup> groups,
      @JsonInclude(JsonInclude.Include.NON_NULL) ReportedIntervalsState state,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double minMatchedPercent) {

    /** The share of the intervals matched in full, in percent (NaN without intervals). */
    public double intervalsMatchedPercent() {
      return intervals == 0 ? Double.NaN : 100.0 * intervalsMatched / intervals;
    }

    /** {@link #state}, or derived from the figures and the sentence in files written before it. */
    public ReportedIntervalsState stateOrDerived() {
      if (state != null) {
        return state;
      }
      if (reporting == null || reporting.isEmpty()) {
        return ReportedIntervalsState.NO_REPORTING_METHOD;
      }
      if (intervals == 0) {
        return ReportedIntervalsState.NO_INTERVAL;
      }
      if (statement != null && statement.startsWith("not judged: the run's records")) {
        return ReportedIntervalsState.NOT_JUDGED_RECORDS_BELOW_FLOOR;
      }
      return statement != null && statement.startsWith("not judged:")
          ? ReportedIntervalsState.NOT_JUDGED_INTERVALS_BELOW_FLOOR : ReportedIntervalsState.JUDGED;
    }

    /** A copy in {@code state}, judged against {@code minMatchedPercent}, without figures unless judged. */
    public ReportedIntervals judgedAs(ReportedIntervalsState state, double minMatchedPercent, IntervalGroup none) {
      boolean judged = state == ReportedIntervalsState.JUDGED;
      return new ReportedIntervals(reporting, intervals, intervalsMatched, exchanges, exchangesMatched,
          unmatchedIntervals, belowSpanToleranceMicros, clockMapping, null, judged ? overall : none,
          judged ? groups : List.of(), state, minMatchedPercent);
    }
  }

  /** What a run's reported intervals allow ({@link ReportedIntervals#state}). */
  public enum ReportedIntervalsState {
    /** No reporting method was named: only the agent's own timing of each exchange, no figure of the generator's. */
    NO_REPORTING_METHOD,
    /** The reporting method was never called with an exchange behind it. */
    NO_INTERVAL,
    /** The figures are stated: the records and the intervals cleared the matching floor. */
    JUDGED,
    /** Not judged: the run's records are below the matching floor. */
    NOT_JUDGED_RECORDS_BELOW_FLOOR,
    /** Not judged: fewer of the reported intervals than the floor's share matched in full. */
    NOT_JUDGED_INTERVALS_BELOW_FLOOR
  }

  /**
   * Reported intervals of one URL group (or all), their means in microseconds (NaN when empty).
   *
   * @param urlGroup the path of the intervals' first exchange, or {@code all}
   * @param count matched intervals
   * @param meanExchanges exchanges per interval
   * @param meanReportedMicros the generator's figure
   * @param meanWirePageMicros the first exchange's wire response time
   * @param meanWireSpanMicros first request byte to last response byte
   * @param meanWireSumMicros the exchanges' wire response times added
   * @param meanGapMicros span minus sum: the generator's time between its exchanges
   * @param meanErrorMicros reported minus span
   * @param p50ErrorMicros median of reported minus span
   * @param p99ErrorMicros its 99th percentile
   * @param reportedBelowSpan intervals whose figure is below their wire span by more than the
   *     tolerance (impossible for a figure that covers its exchanges: counted, not clamped)
   * @param errorMagnitude |reported - span| per interval (the CI gate's error metrics); null in
   *     files written before it
   */
  public record IntervalGroup(String urlGroup, long count, double meanExchanges, double meanReportedMicros,
      double meanWirePageMicros, double meanWireSpanMicros, double meanWireSumMicros, double meanGapMicros,
      double meanErrorMicros, double p50ErrorMicros, double p99ErrorMicros, long reportedBelowSpan,
      @JsonInclude(JsonInclude.Include.NON_NULL) Stats errorMagnitude) {

    /** A group without the error magnitudes. */
    public IntervalGroup(String urlGroup, long count, double meanExchanges, double meanReportedMicros,
        double meanWirePageMicros, double meanWireSpanMicros, double meanWireSumMicros, double meanGapMicros,
        double meanErrorMicros, double p50ErrorMicros, double p99ErrorMicros, long reportedBelowSpan) {
      this(urlGroup, count, meanExchanges, meanReportedMicros, meanWirePageMicros, meanWireSpanMicros,
          meanWireSumMicros, meanGapMicros, meanErrorMicros, p50ErrorMicros, p99ErrorMicros, reportedBelowSpan, null);
    }
  }

  /**
   * The evidence behind the findings (DESIGN.md: "coverage").
   *
   * @param records records read from requests.csv (0 for a wire-only analysis)
   * @param recordsSent records whose request was written to a connection (send start known, not a
   *     connect-error): the ones the wire can hold
   * @param neverReachedServer records that ended {@code connect-error}, or {@code generator-error}
   *     before being sent (no connection: no exchange)
   * @param outsideCapture unmatched sent records whose send start, mapped to the wire clock, lies
   *     outside the capture's first..last packet, or within {@link #CAPTURE_MARGIN_NANOS} of either
   *     end (its packets may have fallen outside): not judged
   * @param inCapture sent records within the capture's window: the denominator of coverage
   * @param matched records joined to a wire exchange
   * @param recordsMatchedPercent {@code matched / inCapture}, in percent (NaN when inCapture is 0)
   * @param wireExchanges exchanges rebuilt from the capture
   * @param exchangesMatchedPercent matched exchanges of all wire exchanges, in percent
   * @param minMatchedPercent the floor: below it nothing is judged
   * @param sufficient true when the records' figures can be judged: {@code inCapture > 0} and
   *     {@code recordsMatchedPercent >= minMatchedPercent}; for a wire-only analysis, true when the
   *     capture held at least one exchange (its figures then are the wire's alone)
   * @param wireOnly true when there were no generator records (a capture analysed on its own)
   * @param captureFirstEpochNanos the capture's first packet (wall clock of the capture)
   * @param captureLastEpochNanos its last packet
   * @param clockMapping how the generator's monotonic instants were put on the capture's clock, in words, as files
   *     before formatVersion 4 held it; absent since ({@code clockMappingKind} and {@code findings.clock} say it)
   * @param statement the coverage in one sentence, as files written before {@code sentBeforeCapture} held it, and
   *     a merge of shards did before formatVersion 5; absent since ({@code report.FindingsSentences.coverage} says
   *     it from the state and the figures)
   * @param state what the coverage allows, as a token; absent in files of formatVersion 2 (then {@link
   *     #stateOrDerived()} derives it from the figures)
   * @param sentBeforeCapture of {@code outsideCapture}, those sent before the capture's first packet (the capture
   *     starts after the run); absent in files written before it
   * @param sentAfterCapture of {@code outsideCapture}, those sent after its last (the capture ends before the run)
   * @param neverSent of {@code neverReachedServer}, the {@code generator-error}s never sent (the rest are
   *     {@code connect-error}s)
   * @param unrecordedExchanges the generator's wire exchanges before its first record or after its last, which it
   *     did not record (an agent attached to a running generator)
   * @param outOfOrderConnections connections whose data runs backwards in time in the capture; absent when it is
   *     in order
   * @param outOfOrderExchanges exchanges with a response before their request; absent likewise
   * @param capturePackets whether the capture held any packet (a wire-only analysis)
   * @param clockMappingKind how the generator's monotonic instants were put on the capture's clock, through the
   *     calibrations {@code findings.clock} counts (with their largest uncertainty); absent in files before
   *     formatVersion 4
   * @param shards a merge of shards: each shard's own coverage, in shard order; absent for one run and in files
   *     before formatVersion 5
   */
  public record Coverage(long records, long recordsSent, long neverReachedServer, long outsideCapture,
      long inCapture, long matched, double recordsMatchedPercent, long wireExchanges,
      double exchangesMatchedPercent, double minMatchedPercent, boolean sufficient, boolean wireOnly,
      long captureFirstEpochNanos, long captureLastEpochNanos,
      @JsonInclude(JsonInclude.Include.NON_NULL) String clockMapping,
      @JsonInclude(JsonInclude.Include.NON_NULL) String statement,
      @JsonInclude(JsonInclude.Include.NON_NULL) CoverageState state,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long sentBeforeCapture,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long sentAfterCapture,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long neverSent,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long unrecordedExchanges,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long outOfOrderConnections,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long outOfOrderExchanges,
      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean capturePackets,
      @JsonInclude(JsonInclude.Include.NON_NULL) ClockMappingKind clockMappingKind,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<ShardCoverage> shards) {

    /** The coverage of one run, without shards. */
    public Coverage(long records, long recordsSent, long neverReachedServer, long outsideCapture,
        long inCapture, long matched, double recordsMatchedPercent, long wireExchanges,
        double exchangesMatchedPercent, double minMatchedPercent, boolean sufficient, boolean wireOnly,
        long captureFirstEpochNanos, long captureLastEpochNanos, String clockMapping, String statement,
        CoverageState state, Long sentBeforeCapture, Long sentAfterCapture, Long neverSent, Long unrecordedExchanges,
        Long outOfOrderConnections, Long outOfOrderExchanges, Boolean capturePackets,
        ClockMappingKind clockMappingKind) {
      this(records, recordsSent, neverReachedServer, outsideCapture, inCapture, matched, recordsMatchedPercent,
          wireExchanges, exchangesMatchedPercent, minMatchedPercent, sufficient, wireOnly, captureFirstEpochNanos,
          captureLastEpochNanos, clockMapping, statement, state, sentBeforeCapture, sentAfterCapture, neverSent,
          unrecordedExchanges, outOfOrderConnections, outOfOrderExchanges, capturePackets, clockMappingKind, null);
    }

    /** The coverage of a merge of shards: the sums, and each shard's own ({@code shards}). */
    public Coverage(long records, long recordsSent, long neverReachedServer, long outsideCapture,
        long inCapture, long matched, double recordsMatchedPercent, long wireExchanges,
        double exchangesMatchedPercent, double minMatchedPercent, boolean sufficient,
        long captureFirstEpochNanos, long captureLastEpochNanos, CoverageState state, List<ShardCoverage> shards) {
      this(records, recordsSent, neverReachedServer, outsideCapture, inCapture, matched, recordsMatchedPercent,
          wireExchanges, exchangesMatchedPercent, minMatchedPercent, sufficient, false, captureFirstEpochNanos,
          captureLastEpochNanos, null, null, state, null, null, null, null, null, null, null,
          ClockMappingKind.SHARD_CALIBRATIONS, List.copyOf(shards));
    }

    /** How close to an end of the capture an unmatched request counts as outside it. */
    public static final long CAPTURE_MARGIN_NANOS = 100_000_000L;
    /** The default floor of {@code recordsMatchedPercent} (documented in docs/auditing-your-generator.md, "The target"). */
    public static final double DEFAULT_MIN_MATCHED_PERCENT = 90.0;

    /** {@link #state}, or derived from the figures in files written before it. */
    public CoverageState stateOrDerived() {
      if (state != null) {
        return state;
      }
      if (wireOnly) {
        return sufficient ? CoverageState.WIRE_ONLY : CoverageState.WIRE_NO_EXCHANGE;
      }
      return sufficient ? CoverageState.JUDGED : recordsSent == 0 ? CoverageState.NONE_SENT
          : matched == 0 ? CoverageState.NONE_MATCHED : CoverageState.BELOW_FLOOR;
    }
  }

  /**
   * One shard's own coverage in a merge of shards ({@link Coverage#shards}; merged.json holds the rest of it).
   *
   * @param index the shard's index
   * @param inCapture its sent records within its capture's window
   * @param matched of which joined to an exchange of its capture
   * @param recordsMatchedPercent {@code matched / inCapture}, in percent
   * @param kernelDroppedPackets the packets the kernel dropped from its capture; null when its capture.json has no
   *     counters
   */
  public record ShardCoverage(int index, long inCapture, long matched, double recordsMatchedPercent,
      Long kernelDroppedPackets) {}

  /** How the generator's monotonic instants were put on the capture's clock ({@link Coverage#clockMappingKind}). */
  public enum ClockMappingKind {
    /** Through the run's calibrations of its monotonic clock against the wall clock (findings.clock). */
    CALIBRATIONS,
    /** None: a wire-only analysis has no generator clock. */
    NONE_WIRE_ONLY,
    /** Each shard's monotonic clock to its own capture's clock, through its calibrations (findings.clock: all). */
    SHARD_CALIBRATIONS
  }

  /** What a run's coverage allows ({@link Coverage#state}). */
  public enum CoverageState {
    /** At or above the matching floor: the records' figures are judged. */
    JUDGED,
    /** Some records matched, fewer than the floor's share: nothing is judged. */
    BELOW_FLOOR,
    /** No record was sent (every one a connect-error or generator-error). */
    NONE_SENT,
    /** Records were sent, none matched: the capture does not hold this run's traffic. */
    NONE_MATCHED,
    /** The capture's packets run backwards in time on a connection: no wire time is judged. */
    OUT_OF_ORDER,
    /** No generator records; the capture's exchanges are judged alone. */
    WIRE_ONLY,
    /** No generator records and no exchange in the capture (or one out of order): nothing is judged. */
    WIRE_NO_EXCHANGE
  }

  /**
   * @param records records in the run
   * @param wireExchanges exchanges rebuilt from the capture
   * @param matched records joined to an exchange
   * @param matchedByConnection of those, joined by connection identity and order
   * @param unmatchedRecords records left unmatched, by reason
   * @param unmatchedExchanges exchanges left unmatched, by reason
   */
  public record Matching(long records, long wireExchanges, long matched, long matchedByConnection,
      Map<String, Long> unmatchedRecords, Map<String, Long> unmatchedExchanges) {}

  /**
   * @param calibrations offsets measured during the run
   * @param maxUncertaintyMicros the largest uncertainty of a calibration
   * @param driftMicros last offset minus first
   * @param reportedResolutionMicros the resolution of the generator's own timing: 1000 for a
   *     generator timing with {@code System.currentTimeMillis}, 0 for nanosecond timing
   */
  public record Clock(int calibrations, double maxUncertaintyMicros, double driftMicros,
      double reportedResolutionMicros) {}

  /** Summary statistics of a sample, in microseconds; NaN when the sample is empty. */
  public record Stats(long count, double meanMicros, double minMicros, double p50Micros, double p90Micros,
      double p99Micros, double maxMicros) {}

  /**
   * The study's metric and its per-request form, over pairs where both sides saw a complete reply
   * in the measured phase.
   *
   * @param pairs how many such pairs
   * @param reportedMeanMicros the generator's mean (send start to last byte)
   * @param wireMeanMicros the wire's mean (request start to last response byte)
   * @param absoluteErrorMicros reported mean minus wire mean
   * @param ratio reported mean divided by wire mean
   * @param perRequestError reported minus wire, request by request
   * @param excludedPairs matched pairs left out of these statistics, by reason ({@code
   *     not-measured-phase}, {@code reported-incomplete}, {@code wire-incomplete} — e.g. a reply
   *     whose framing the snap length cut)
   * @param perRequestErrorMagnitude |reported - wire|, request by request (the CI gate's
   *     {@code p99-error}...: an under-report counts as much as an over-report); null in files
   *     written before it
   * @param confidence how far these figures can be trusted: their 95 % intervals and the checks of
   *     the intervals' assumptions; null in files written before it and with fewer than 2 pairs
   */
  public record ResponseTime(long pairs, double reportedMeanMicros, double wireMeanMicros,
      double absoluteErrorMicros, double ratio, Stats perRequestError, Map<String, Long> excludedPairs,
      @JsonInclude(JsonInclude.Include.NON_NULL) Stats perRequestErrorMagnitude,
      @JsonInclude(JsonInclude.Include.NON_NULL) Confidence confidence) {

    /** Response times without their confidence (files written before it). */
    public ResponseTime(long pairs, double reportedMeanMicros, double wireMeanMicros, double absoluteErrorMicros,
        double ratio, Stats perRequestError, Map<String, Long> excludedPairs, Stats perRequestErrorMagnitude) {
      this(pairs, reportedMeanMicros, wireMeanMicros, absoluteErrorMicros, ratio, perRequestError, excludedPairs,
          perRequestErrorMagnitude, null);
    }

    /** Response times without the error magnitudes. */
    public ResponseTime(long pairs, double reportedMeanMicros, double wireMeanMicros, double absoluteErrorMicros,
        double ratio, Stats perRequestError, Map<String, Long> excludedPairs) {
      this(pairs, reportedMeanMicros, wireMeanMicros, absoluteErrorMicros, ratio, perRequestError, excludedPairs,
          null);
    }
  }

  /**
   * How far the response-time figures can be trusted (issue 27), over the same pairs: 95 % intervals
   * of the reported and wire means and of the absolute error (the per-pair errors' mean, which equals
   * reported mean minus wire mean), and of the wire p50 and p99 (order statistics: a bound the pairs
   * cannot support is NaN). The means' method is batch means over the pairs in wire order from 300
   * pairs (concurrent users' times are correlated in send order), Student's t over the pairs below.
   * The checks of what the intervals assume, on the wire times in wire order: their lag-1
   * autocorrelation (the percentiles' intervals assume independent values), the batch means' lag-1
   * (the means' intervals assume independent batches), and a settled series (MSER-5 warm-up).
   * {@code warnings} lists each check that failed; the report prints the intervals with them. The
   * checks need 20 pairs (the batch means' 300): below, their fields are null.
   */
  public record Confidence(ConfidenceInterval reportedMeanMicros, ConfidenceInterval wireMeanMicros,
      ConfidenceInterval absoluteErrorMicros, ConfidenceInterval wireP50Micros, ConfidenceInterval wireP99Micros,
      @JsonInclude(JsonInclude.Include.NON_NULL) Lag1 wireLag1,
      @JsonInclude(JsonInclude.Include.NON_NULL) Lag1 wireBatchMeansLag1,
      @JsonInclude(JsonInclude.Include.NON_NULL) WarmUp wireWarmUp, List<ConfidenceWarning> warnings) {
    /** Pairs below which independence and warm-up are not checked (MSER-5's four batches of five). */
    public static final int MIN_CHECKED_PAIRS = 20;
  }

  /**
   * What the generator sent, measured on the wire (issue 27, first part): per session (the records'
   * session ids), over the measured phase's matched pairs complete on the wire. A wire think time is a
   * session's reply's last byte to that session's next request's first byte (seq + 1), on the
   * capture's clock; a gap below 0 (the next request sent before the reply ended: pipelined or open)
   * is counted, not a think time.
   *
   * @param sessions sessions with at least one such pair
   * @param requests such pairs
   * @param requestsPerSecond their rate, first to last request start on the wire
   * @param consecutivePairs consecutive requests of a session, both among the pairs
   * @param sentAfterCompletion of those, the next sent after the previous reply's last byte (a closed
   *     loop sends every one so)
   * @param wireThinkMillis the wire think times' mean with its 95 % interval, null with fewer than 2
   * @param declaredThink the think time the run declared (run.json {@code workload.thinkTime}); null
   *     when the run declared none (an agent's recording)
   * @param thinkFit the wire think times against the declared distribution (Kolmogorov–Smirnov; an
   *     exponential or uniform declaration), null when the declaration has no distribution to test
   * @param userKind what a user is: a session, a thread (agent), a connection (a capture alone)
   * @param think the think times against the declared think time
   * @param arrival the arrivals against the declared process
   * @param loop open or closed
   * @param mix the page mix against the declared one
   * @param thinkTable the think per page state and phase against a declared table
   * @param declaredBy where the declarations came from
   * @param limits what the section cannot judge from its evidence
   * @param arrivalGapMillis the gaps between consecutive request starts on the wire (every user's, in the
   *     window of the requests counted), their mean with its 95 % interval
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Workload(long sessions, long requests, double requestsPerSecond, long consecutivePairs,
      long sentAfterCompletion, ConfidenceInterval wireThinkMillis, WorkloadSection.ThinkSection declaredThink,
      Fit thinkFit, UserKind userKind, ThinkJudgement think, ArrivalJudgement arrival, LoopJudgement loop,
      MixJudgement mix, ThinkTableJudgement thinkTable, List<String> declaredBy, List<WorkloadLimit> limits,
      ConfidenceInterval arrivalGapMillis) {
    /** This section with another think-time judgement. */
    public Workload withThink(ThinkJudgement t) {
      return new Workload(sessions, requests, requestsPerSecond, consecutivePairs, sentAfterCompletion,
          wireThinkMillis, declaredThink, thinkFit, userKind, t, arrival, loop, mix, thinkTable, declaredBy, limits,
          arrivalGapMillis);
    }
  }

  /** What the workload section cannot judge from the evidence it had. */
  public enum WorkloadLimit {
    /**
     * A capture alone has no session ids: a user is a connection, so a user who opens several
     * connections, or connections shared by users, are not one user here; session lengths and session
     * arrivals are unknown.
     */
    NO_SESSIONS,
    /**
     * The generator's intended send instants are unknown (a foreign generator's, an agent's): the lag of
     * its sends behind them, coordinated omission's size, cannot be measured, only whether it waited.
     */
    NO_INTENDED_INSTANTS,
    /** Nothing declared a think time, an arrival rate or a page mix: they are measured, not judged. */
    NOTHING_DECLARED
  }

  /**
   * The think time before each page against a table that declares it per page state and phase
   * (RUBiS: the table's think of the state gone to, times the phase's slowdown factor), phase by phase,
   * over every phase's matched pairs. A pair's phase is its first request's: the think is drawn when
   * its reply arrives. A think time as declared lies within {@code earlyToleranceMillis} before and the
   * larger of {@code lateToleranceMillis} and {@code lateToleranceShare} of it after the declared one
   * (either phase's factor at a boundary); a think of about 0 is always declared too (a Back, a page
   * after an error page).
   *
   * @param site whose page states
   * @param description which table and factors
   * @param declaredBy where the declaration came from
   * @param earlyToleranceMillis how much shorter than declared a wire think may be (clocks)
   * @param lateToleranceMillis how much longer, at least
   * @param lateToleranceShare how much longer, as a share of the declared think
   * @param phases one judgement per phase that had pairs
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ThinkTableJudgement(String site, String description, String declaredBy, double earlyToleranceMillis,
      double lateToleranceMillis, double lateToleranceShare, List<PhaseThinks> phases) {}

  /**
   * One phase's think times against the table.
   *
   * @param phase the phase
   * @param factor its declared multiplier
   * @param pairs consecutive requests of a user whose second is a page of a state the table has
   * @param asDeclared think times as the table and factor declare for the page's state
   * @param otherState think times the table declares for another state in this phase (a page whose URL
   *     names another state than the one drawn: RUBiS's Back, its "Sorry" resets)
   * @param zero think times of about 0 (or of the table's any-page think: RUBiS's Back)
   * @param otherwise neither: not what the table declares in this phase
   * @param lateMillis the wire think less the declared one over the pairs as declared, with its 95 % interval
   * @param example one think time that was neither, in words; null when none was
   * @param verdict faithful when at most 5 % of the pairs are none of these, not judged below 30 pairs
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record PhaseThinks(String phase, int factor, long pairs, long asDeclared, long otherState, long zero,
      long otherwise,
      ConfidenceInterval lateMillis, String example, WorkloadVerdict verdict) {}

  /** What a workload's "user" is in the figures: whose consecutive requests a think time lies between. */
  public enum UserKind {
    /** A session of crosscheck's engines (the records' session ids). */
    SESSION,
    /** A thread of an audited generator (the agent's records: one emulated user per thread). */
    THREAD,
    /** A TCP connection (a capture alone: a user is a connection only if each keeps its own). */
    CONNECTION
  }

  /** A workload check's verdict; its gate word is the lower-case name with '-' for '_'. */
  public enum WorkloadVerdict {
    /** Consistent with the declaration at the test's level (a think time: within the lateness tolerance). */
    FAITHFUL,
    /** Think times of the declared shape, all later by more than the tolerance (the generator's own delay). */
    LATE,
    /** Rejected: another distribution, rate or mix than declared. */
    REJECTED,
    /** Too little evidence for a verdict (the figures say how much there was). */
    NOT_JUDGED
  }

  /**
   * The wire think times against the declared think time. The Kolmogorov–Smirnov test rejects any
   * constant delay once the sample is large, so a rejected test is repeated with the think times less
   * their mean's excess over the declared mean: a shape that then fits is a late generator, not another
   * distribution.
   *
   * @param declared the declared think time
   * @param declaredBy where the declaration came from (run.json, --expect-think)
   * @param fit the wire think times against the declaration; null for a fixed declaration (no shape)
   * @param lateMillis the wire mean less the declared mean
   * @param toleranceMillis the lateness a faithful generator may add: 1 ms or 2 % of the declared mean
   * @param shiftedFit the test repeated less {@code lateMillis}; null when not repeated
   * @param verdict the verdict
   * @param plannedFit the think times the generator planned (its records' intended start less the
   *     previous reply's last byte, its own clock: crosscheck's engines) against the declaration, so that a
   *     rejection can be told the draws' (at 1 %, one seeded schedule in a hundred) from the sending's;
   *     null where the records hold no intended instants
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ThinkJudgement(WorkloadSection.ThinkSection declared, String declaredBy, Fit fit, double lateMillis,
      double toleranceMillis, Fit shiftedFit, WorkloadVerdict verdict, Fit plannedFit) {
    /** This judgement with the planned think times' test. */
    public ThinkJudgement withPlanned(Fit planned) {
      return new ThinkJudgement(declared, declaredBy, fit, lateMillis, toleranceMillis, shiftedFit, verdict, planned);
    }
  }

  /**
   * The arrivals on the wire against the declared arrival process.
   *
   * @param unit {@code requests} (an open generator: every request arrives) or {@code sessions} (partly
   *     open: a session's first request)
   * @param arrivals arrivals in the window, from the wire (matched or not)
   * @param windowSeconds the window: the measured phase's first to last matched request start (capture clock)
   * @param ratePerSecond the achieved rate with its 99.67 % interval (Poisson counts: exact chi-square
   *     bounds); the check's three tests (rate, instants, dispersion) are each judged at a third of the 1 %
   *     every workload check rejects at (Bonferroni), so that the check as a whole rejects a faithful
   *     generator in at most 1 % of runs
   * @param declaredProcess {@code poisson} or {@code deterministic}
   * @param declaredRatePerSecond the declared rate
   * @param declaredBy where the declaration came from
   * @param instantsFit the arrival instants against uniform ones over the window (Kolmogorov–Smirnov: a
   *     constant rate, no trend or lull at scales far above the generator's timer jitter)
   * @param dispersionFit (poisson) the counts per bin against Poisson counts (dispersion index)
   * @param binMillis the bins' width
   * @param verdict faithful when the declared rate is within 1 % of the interval and the tests fit
   * @param plannedInstantsFit the same test of the instants the generator planned (its records' intended
   *     starts, its clock: crosscheck's engines), so that a rejection can be told the seeded draws' from
   *     the sending's; null where the records hold no intended instants
   * @param plannedDispersionFit likewise for the dispersion test
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ArrivalJudgement(String unit, long arrivals, double windowSeconds, ConfidenceInterval ratePerSecond,
      String declaredProcess, double declaredRatePerSecond, String declaredBy, Fit instantsFit, Fit dispersionFit,
      double binMillis, WorkloadVerdict verdict, Fit plannedInstantsFit, Fit plannedDispersionFit) {
    /** This judgement with the planned instants' tests. */
    public ArrivalJudgement withPlanned(Fit instants, Fit dispersion) {
      return new ArrivalJudgement(unit, arrivals, windowSeconds, ratePerSecond, declaredProcess, declaredRatePerSecond,
          declaredBy, instantsFit, dispersionFit, binMillis, verdict, instants, dispersion);
    }
  }

  /** Whether a user's next send waits for its previous reply, from the wire. */
  public enum LoopVerdict {
    /** Each next send follows the previous reply and moves with its response time: a closed loop. */
    CLOSED,
    /** Sends do not wait for the replies (sent before one ended, or independent of response times). */
    OPEN,
    /** Too few pairs, or response times that vary too little to tell. */
    NOT_JUDGED
  }

  /**
   * Open or closed, from the wire: over a user's consecutive requests, how many next sends followed the
   * previous reply's last byte, and the least-squares slope of the send-to-send gap on the previous
   * exchange's wire response time (a closed loop: about 1, each ms of response delays the next send;
   * an open one: about 0), over the pairs whose next send followed the reply (an image sent with its
   * page's others does not wait by design).
   *
   * @param pairs consecutive pairs of a user
   * @param sentAfterCompletion of those, sent after the previous reply's last byte
   * @param slope the slope with its 95 % interval (Student t); null below 30 pairs
   * @param responseSdMillis the spread of the previous response times the slope rests on
   * @param verdict closed, open or not judged
   * @param declaredModel the model declared (closed, open, partly-open), null when none
   * @param coordinatedOmission a generator declared open found closed: it waits for replies, so a slow
   *     server receives fewer requests than declared and the slow replies are under-sampled
   * @param lagFromIntendedMillis the generator's send start less its intended start (its own clock),
   *     where the records hold intended instants (crosscheck's engines); null otherwise
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record LoopJudgement(long pairs, long sentAfterCompletion, ConfidenceInterval slope, double responseSdMillis,
      LoopVerdict verdict, String declaredModel, boolean coordinatedOmission, ConfidenceInterval lagFromIntendedMillis) {}

  /**
   * The page mix on the wire against the declared one (a transition table's stationary shares): a
   * chi-square over every fourth page of each user, so that a page and the pages its table leads to
   * do not count as independent draws.
   *
   * @param site whose page states ({@code tpcw}, {@code rubis})
   * @param description which table
   * @param declaredBy where the declaration came from
   * @param pages matched requests of the measured phase that are pages
   * @param notPages matched requests that are no page (images, other paths)
   * @param counts pages per state (all pages)
   * @param shares the declared shares
   * @param fit the chi-square over the thinned pages
   * @param verdict the verdict
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record MixJudgement(String site, String description, String declaredBy, long pages, long notPages,
      java.util.Map<String, Long> counts, java.util.Map<String, Double> shares, Fit fit, WorkloadVerdict verdict) {}

  /** A check of what the response-time intervals assume that failed. */
  public enum ConfidenceWarning {
    /** Fewer than 20 pairs: independence and warm-up not checked. */
    TOO_FEW_PAIRS,
    /**
     * The wire times are correlated in wire order (lag-1): the percentiles' intervals, and below 300
     * pairs the means', assume independent values and are too narrow.
     */
    SERIAL_CORRELATION,
    /** The batch means are still correlated (lag-1): the means' intervals are too narrow. */
    BATCH_MEANS_CORRELATED,
    /** MSER-5 found no steady state: the wire times drift through the measured phase. */
    NO_STEADY_STATE,
    /** MSER-5 put a tenth or more of the measured phase's pairs in a warm-up: the phase began too early. */
    WARM_UP_IN_MEASURED_PHASE
  }

  /**
   * The per-request error split at the clock mapping: {@code sendLag} = the request's first byte on
   * the wire minus the generator's send start; {@code receiveLag} = the generator's last byte minus
   * the last response byte on the wire. Their sum is the per-request error.
   *
   * @param belowUncertainty lags more negative than the mapping's uncertainty plus the generator's
   *     timing resolution (impossible: counted, not clamped)
   */
  public record Lags(Stats sendLag, Stats receiveLag, long belowUncertainty) {}

  /**
   * Latency from intended start beside send-start latency beside wire time (same pairs), and the
   * wire's response time over every complete exchange in the capture, matched or not (another
   * tool's traffic, e.g. httperf's, has only this).
   */
  public record LatencyColumns(Stats fromIntendedStart, Stats fromSendStart, Stats wire, Stats wireAllExchanges) {}

  /** Statistics of an empty sample. */
  public static Stats emptyStats() {
    return new Stats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
  }

  /**
   * One interval of the run (by the wire's request start).
   *
   * @param startSeconds interval start from the run's start (from the first packet when the run's
   *     start is unknown or not in the capture)
   * @param requests matched complete pairs in it
   * @param requestsPerSecond their rate
   * @param reportedMeanMicros generator's mean
   * @param wireMeanMicros wire mean
   * @param meanErrorMicros mean per-request error
   * @param wireExchanges complete wire exchanges that started in it, matched or not
   * @param wireAllMeanMicros their mean wire response time (NaN when none)
   * @param openConnectionsMax most connections open at once in it
   * @param generatorThreadsMax the generator JVM's most live threads in it (-1 without telemetry)
   * @param generatorHeapUsedMaxBytes its largest heap use in it (-1 without telemetry)
   * @param generatorCpuCores its mean CPU in cores, user + system (NaN without telemetry)
   * @param generatorGcPauses its GC pauses in it
   * @param generatorGcPauseMaxMicros its longest GC pause in it
   * @param serverCpuCores the server's mean CPU in cores, user + system, over the server telemetry rows
   *     stamped in it (wall clock); null without server telemetry, NaN with none in it
   * @param serverHostCpuBusyPercent the server host's mean CPU utilisation over them, all cores (the
   *     study's Figure 3 axis); null and NaN likewise
   */
  public record Interval(double startSeconds, long requests, double requestsPerSecond, double reportedMeanMicros,
      double wireMeanMicros, double meanErrorMicros, long wireExchanges, double wireAllMeanMicros,
      int openConnectionsMax, int generatorThreadsMax,
      long generatorHeapUsedMaxBytes, double generatorCpuCores, int generatorGcPauses,
      long generatorGcPauseMaxMicros,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double serverCpuCores,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double serverHostCpuBusyPercent) {

    /** An interval without server telemetry. */
    public Interval(double startSeconds, long requests, double requestsPerSecond, double reportedMeanMicros,
        double wireMeanMicros, double meanErrorMicros, long wireExchanges, double wireAllMeanMicros,
        int openConnectionsMax, int generatorThreadsMax, long generatorHeapUsedMaxBytes, double generatorCpuCores,
        int generatorGcPauses, long generatorGcPauseMaxMicros) {
      this(startSeconds, requests, requestsPerSecond, reportedMeanMicros, wireMeanMicros, meanErrorMicros,
          wireExchanges, wireAllMeanMicros, openConnectionsMax, generatorThreadsMax, generatorHeapUsedMaxBytes,
          generatorCpuCores, generatorGcPauses, generatorGcPauseMaxMicros, null, null);
    }

    /** A copy with the server's columns. */
    public Interval withServer(double cpuCores, double hostCpuBusyPercent) {
      return new Interval(startSeconds, requests, requestsPerSecond, reportedMeanMicros, wireMeanMicros,
          meanErrorMicros, wireExchanges, wireAllMeanMicros, openConnectionsMax, generatorThreadsMax,
          generatorHeapUsedMaxBytes, generatorCpuCores, generatorGcPauses, generatorGcPauseMaxMicros, cpuCores,
          hostCpuBusyPercent);
    }
  }

  /**
   * Connection behaviour from the capture.
   *
   * @param sessions sessions of the matched records (0 for a wire-only analysis)
   * @param connectionsOpened connections opened in the capture
   * @param connectionsWithRequests connections that carried at least one request
   * @param peakConcurrentConnections most open at once
   * @param requestsPerConnection histogram: bucket label → connections
   * @param maxRequestsOnOneConnection the busiest connection's requests
   * @param connectionsUsedBySeveralSessions connections that carried requests of more than one
   *     session (from matched records)
   * @param connectionsOpenedPerSecond mean churn over the capture
   * @param busiestConnectionPercent the busiest connection's share of all exchanges, in percent
   * @param openAfterFirstSecondsMin fewest connections open at once after the capture's first
   *     {@code settleSeconds} (-1 when the capture is shorter)
   * @param openAfterFirstSecondsMax most open at once after them (-1 likewise)
   * @param settleSeconds the start-up span left out of the two figures above
   * @param judged false when the evidence does not support a verdict ({@code verdictKind} {@code
   *     not-judged}: the coverage says why)
   * @param evidence what the verdict rested on in words, as files of formatVersion 2 held it; null since
   *     (the figures below and {@code report.FindingsSentences} say it)
   * @param verdict the verdict in words, formatVersion 2 only; null since
   * @param verdictKind the verdict ({@link VerdictKind}); absent in files written before it (then {@link
   *     #kind()} derives it from the sentence)
   * @param foreignConnections captured connections to the server that this generator did not open (another
   *     client loaded the same server during the audit); every count above leaves them out. Absent when the
   *     records do not name their connections (the JDK's URL.openStream, a wire-only analysis): then the counts
   *     above are every captured connection's
   * @param foreignExchanges exchanges on those connections; absent as {@code foreignConnections}
   * @param matchedRecords the matched records the verdict rests on; absent in files of formatVersion 2
   * @param matchedConnections the connections that carried them; absent likewise
   * @param exchanges the wire exchanges on the generator's connections (a wire-only verdict's evidence); absent
   *     likewise
   * @param shards the shards merged (crosscheck merge); absent for one run
   */
  public record Connections(long sessions, long connectionsOpened, long connectionsWithRequests,
      int peakConcurrentConnections, Map<String, Long> requestsPerConnection, long maxRequestsOnOneConnection,
      long connectionsUsedBySeveralSessions, double connectionsOpenedPerSecond, double busiestConnectionPercent,
      int openAfterFirstSecondsMin, int openAfterFirstSecondsMax, int settleSeconds, boolean judged,
      @JsonInclude(JsonInclude.Include.NON_NULL) String evidence,
      @JsonInclude(JsonInclude.Include.NON_NULL) String verdict,
      @JsonInclude(JsonInclude.Include.NON_NULL) VerdictKind verdictKind,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long foreignConnections,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long foreignExchanges,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long matchedRecords,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long matchedConnections,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long exchanges,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer shards) {

    /** A copy that says it merges {@code n} shards, with the foreign counts of them all. */
    public Connections ofShards(int n, Long foreign, Long foreignOnThem) {
      return new Connections(sessions, connectionsOpened, connectionsWithRequests, peakConcurrentConnections,
          requestsPerConnection, maxRequestsOnOneConnection, connectionsUsedBySeveralSessions,
          connectionsOpenedPerSecond, busiestConnectionPercent, openAfterFirstSecondsMin, openAfterFirstSecondsMax,
          settleSeconds, judged, evidence, verdict, verdictKind, foreign, foreignOnThem, matchedRecords,
          matchedConnections, exchanges, n);
    }

    /** The verdict's kind: {@code verdictKind}, or derived from the sentence in older files. */
    public VerdictKind kind() {
      return verdictKind != null ? verdictKind : VerdictKind.ofSentence(verdict);
    }
  }

  /**
   * The connection verdict as a stable token (what {@code crosscheck check} compares, e.g. {@code
   * connections.verdict == no-sharing}). Each kind names the start of the sentence {@code compare}
   * writes for it, so files written before the token existed are read to the same kind.
   */
  public enum VerdictKind {
    /** Every connection carried requests of one session only (matched records). */
    NO_SHARING("no-sharing", "no sharing:"),
    /** Some connection carried requests of several sessions (matched records). */
    SHARING("sharing", "connection sharing:"),
    /** A new connection for every request (matched records). */
    PER_REQUEST("per-request", "a connection per request:"),
    /** Records were compared but none matched. */
    NO_MATCH("no-match", "no matched request"),
    /** The wire alone (no records): a connection for every exchange. */
    WIRE_PER_EXCHANGE("wire-per-exchange", "a connection per exchange:"),
    /** The wire alone: few persistent connections carried the traffic (a shared keep-alive cache). */
    WIRE_FEW_CONNECTIONS("wire-few-connections", "few persistent connections carry the traffic"),
    /** The wire alone: connections reused for a few exchanges each. */
    WIRE_REUSED("wire-reused", "connections are reused for a few exchanges each"),
    /** The wire alone held no HTTP exchange. */
    WIRE_NO_EXCHANGE("wire-no-exchange", "no HTTP exchange was seen on the wire"),
    /** Not judged: the evidence is below the matching floor. */
    NOT_JUDGED("not-judged", "not judged:");

    private final String token;
    private final String sentence;

    VerdictKind(String token, String sentence) {
      this.token = token;
      this.sentence = sentence;
    }

    /** The token, e.g. {@code no-sharing}; what findings.json holds. */
    @com.fasterxml.jackson.annotation.JsonValue
    public String token() {
      return token;
    }

    /** The words the verdict sentence of this kind starts with (or, for the wire's, contains). */
    public String sentence() {
      return sentence;
    }

    /** The kind of {@code token}, or null when no kind has it (a token of a newer crosscheck). */
    @com.fasterxml.jackson.annotation.JsonCreator
    public static VerdictKind ofToken(String token) {
      for (VerdictKind k : values()) {
        if (k.token.equals(token)) {
          return k;
        }
      }
      return null;
    }

    /** The kind a verdict sentence states; null when it states none of them. */
    public static VerdictKind ofSentence(String verdict) {
      if (verdict == null) {
        return null;
      }
      if (verdict.startsWith(NOT_JUDGED.sentence)) { // its reason may quote any other words
        return NOT_JUDGED;
      }
      for (VerdictKind k : values()) {
        if (k.name().startsWith("WIRE_") ? verdict.contains(k.sentence) : verdict.startsWith(k.sentence)) {
          return k;
        }
      }
      return null;
    }
  }

  /** Quantiles of the reported and wire response times: {@code [fraction, micros]} points. */
  public record Cdf(List<double[]> reportedMicros, List<double[]> wireMicros) {}
}
