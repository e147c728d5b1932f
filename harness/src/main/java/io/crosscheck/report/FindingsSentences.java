package io.crosscheck.report;

import io.crosscheck.record.Summary;
import io.crosscheck.rundir.CaptureClock;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.ClientHostThresholds;
import io.crosscheck.rundir.Findings.Connections;
import io.crosscheck.rundir.Findings.ErrorSource;
import io.crosscheck.rundir.Findings.VerdictKind;
import java.util.Locale;

/**
 * The sentences of findings.json's verdicts, rendered from their enums and figures (findings are data;
 * the words are the report's): the coverage and the clock mapping, the connection verdict, the client and
 * server hosts, the error's source, the pace, the reported intervals and the capture clock, each with its
 * evidence. The text table ({@link FindingsTable}), the HTML report and the CI gate's messages all say a
 * verdict through here, so it reads the same everywhere. A file of an older formatVersion held some
 * sentences themselves: they are returned as written. Returns null where there is nothing to say, never the
 * word "null". Formats only; figures in {@link Locale#ROOT}. Stateless.
 */
public final class FindingsSentences {
  private FindingsSentences() {}

  /**
   * A matrix cell's connection verdict in words, from the kind and counts matrix.json holds (e.g.
   * {@code connection sharing: 13 connections with requests for 10 sessions}); null without a kind.
   */
  public static String cellSharing(VerdictKind kind, Long connectionsWithRequests, Long sessions) {
    if (kind == null) {
      return null;
    }
    String words = kind.sentence().endsWith(":")
        ? kind.sentence().substring(0, kind.sentence().length() - 1) : kind.sentence();
    boolean counted = kind == VerdictKind.NO_SHARING || kind == VerdictKind.SHARING || kind == VerdictKind.PER_REQUEST;
    return counted && connectionsWithRequests != null && sessions != null
        ? String.format(Locale.ROOT, "%s: %,d connections with requests for %,d sessions", words,
            connectionsWithRequests, sessions)
        : words;
  }

  /** The connection verdict in one sentence; null without a connections section. */
  public static String connectionsVerdict(Findings f) {
    Connections c = f.connections();
    if (c == null) {
      return null;
    }
    if (c.verdict() != null || c.matchedRecords() == null) { // formatVersion 2: the sentence as written
      return c.verdict() == null ? "not stated" : c.verdict();
    }
    VerdictKind kind = c.kind();
    if (kind == null) {
      return "of a kind this crosscheck does not know";
    }
    long connections = c.matchedConnections();
    long sessions = c.sessions();
    long requests = c.matchedRecords();
    return switch (kind) {
      case NOT_JUDGED -> "not judged: " + coverageOrUnknown(f);
      case NO_MATCH -> "no matched request: nothing to judge";
      case SHARING -> String.format(Locale.ROOT, "connection sharing: %,d connections carried requests of several"
          + " sessions; %,d connections for %,d sessions; up to %,d requests on one connection",
          c.connectionsUsedBySeveralSessions(), connections, sessions, c.maxRequestsOnOneConnection());
      case PER_REQUEST -> String.format(Locale.ROOT, "a connection per request: %,d connections for %,d requests",
          connections, requests);
      case NO_SHARING -> connections == sessions
          ? String.format(Locale.ROOT, "no sharing: %,d connections for %,d sessions, each used by one session; up"
              + " to %,d requests on one", connections, sessions, c.maxRequestsOnOneConnection())
          : String.format(Locale.ROOT, "no sharing: %,d connections for %,d sessions (some sessions reconnected),"
              + " each used by one session", connections, sessions);
      case WIRE_NO_EXCHANGE, WIRE_PER_EXCHANGE, WIRE_FEW_CONNECTIONS, WIRE_REUSED -> wireVerdict(c, kind);
    };
  }

  /** What the wire alone shows about connection use. */
  private static String wireVerdict(Connections c, VerdictKind kind) {
    long connections = c.connectionsWithRequests();
    long exchanges = c.exchanges();
    if (kind == VerdictKind.WIRE_NO_EXCHANGE) {
      return "no HTTP exchange was seen on the wire";
    }
    if (kind == VerdictKind.WIRE_PER_EXCHANGE) {
      return String.format(Locale.ROOT, "a connection per exchange: %,d connections for %,d exchanges", connections,
          exchanges);
    }
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%,d connections for %,d exchanges", connections,
        exchanges));
    if (c.openAfterFirstSecondsMin() >= 0) {
      s.append(String.format(Locale.ROOT, "; after the first %d s %s open", c.settleSeconds(),
          c.openAfterFirstSecondsMin() == c.openAfterFirstSecondsMax() ? String.valueOf(c.openAfterFirstSecondsMin())
              : c.openAfterFirstSecondsMin() + "-" + c.openAfterFirstSecondsMax()));
    }
    s.append(String.format(Locale.ROOT, "; one connection carried %.0f %% of all exchanges",
        c.busiestConnectionPercent()));
    s.append(kind == VerdictKind.WIRE_FEW_CONNECTIONS
        ? ": few persistent connections carry the traffic, as a shared keep-alive cache (the JDK's) does"
        : ": connections are reused for a few exchanges each");
    return s.toString();
  }

  /** What the connection verdict rests on, in words; null without a connections section. */
  public static String connectionsEvidence(Findings f) {
    Connections c = f.connections();
    if (c == null) {
      return null;
    }
    if (c.evidence() != null || c.matchedRecords() == null) {
      return c.evidence() == null ? "not stated" : c.evidence();
    }
    VerdictKind kind = c.kind();
    if (kind == VerdictKind.NOT_JUDGED) {
      return coverageOrUnknown(f);
    }
    if (kind != null && kind.name().startsWith("WIRE_")) {
      return String.format(Locale.ROOT, "the wire alone: %,d exchanges on %,d connections (no generator records)",
          c.exchanges(), c.connectionsWithRequests());
    }
    return String.format(Locale.ROOT, "%,d matched records of %,d sessions on %,d connections (%.1f %% of the"
        + " records in the capture)", c.matchedRecords(), c.sessions(), c.matchedConnections(),
        f.coverage() == null ? Double.NaN : f.coverage().recordsMatchedPercent())
        + (c.shards() == null ? "" : " of " + c.shards() + " shards");
  }

  private static String coverageOrUnknown(Findings f) {
    String s = coverage(f);
    return s == null ? "the coverage is unknown" : s;
  }

  /**
   * The coverage in one sentence, printed before any figure: how much of the run the findings rest on and
   * why the rest is left out; null without a coverage section. A file written before its figures (and a
   * merge of shards) held the sentence: returned as written.
   */
  public static String coverage(Findings f) {
    Findings.Coverage c = f.coverage();
    if (c == null) {
      return null;
    }
    if (c.shards() != null && c.statement() == null) {
      return shardsCoverage(c);
    }
    if (c.statement() != null || c.sentBeforeCapture() == null) {
      return c.statement() == null ? "not stated" : c.statement();
    }
    String disorder = c.outOfOrderConnections() == null ? null : String.format(Locale.ROOT, "the capture is out of"
        + " order: on %,d connections data runs backwards in time, %,d exchanges have a response before their"
        + " request: no wire time is judged; if the timestamps are right and the file order is wrong (a merged or"
        + " multi-queue capture), sort it with reordercap and compare again", c.outOfOrderConnections(),
        c.outOfOrderExchanges() == null ? 0 : c.outOfOrderExchanges());
    StringBuilder s = new StringBuilder();
    if (c.wireOnly()) {
      if (c.wireExchanges() == 0) {
        s.append("wire only: the capture holds no HTTP exchange")
            .append(Boolean.FALSE.equals(c.capturePackets()) ? " (no packet at all)" : "");
      } else {
        s.append(String.format(Locale.ROOT, "wire only (no generator records): %,d exchanges in %.1f s of capture",
            c.wireExchanges(), (c.captureLastEpochNanos() - c.captureFirstEpochNanos()) / 1e9));
        if (disorder == null) {
          s.append("; every figure is the wire's");
        }
      }
      return disorder == null ? s.toString() : s + "; " + disorder;
    }
    if (c.recordsSent() == 0) {
      s.append(String.format(Locale.ROOT, "none of the %,d records reached the wire", c.records()));
    } else if (c.matched() == 0) {
      s.append(String.format(Locale.ROOT, "0 of %,d records matched: this capture does not hold this run's"
          + " traffic", c.recordsSent()));
      if (c.inCapture() == 0) {
        s.append(" (every request was sent outside the capture's time span)");
      }
    } else {
      s.append(String.format(Locale.ROOT, "%,d of %,d records in the capture matched (%.1f %%)", c.matched(),
          c.inCapture(), c.recordsMatchedPercent()));
      if (c.sentAfterCapture() > 0) {
        s.append(String.format(Locale.ROOT, "; the capture ends before the run: %,d records sent after its last"
            + " packet are not judged", c.sentAfterCapture()));
      }
      if (c.sentBeforeCapture() > 0) {
        s.append(String.format(Locale.ROOT, "; the capture starts after the run: %,d records sent before its"
            + " first packet are not judged", c.sentBeforeCapture()));
      }
    }
    long neverSent = c.neverSent() == null ? 0 : c.neverSent();
    if (c.neverReachedServer() > 0) {
      s.append(neverSent == 0
          ? String.format(Locale.ROOT, "; %,d records never reached a server (connect-error)", c.neverReachedServer())
          : String.format(Locale.ROOT, "; %,d records never reached a server (%,d connect-error, %,d generator-error)",
              c.neverReachedServer(), c.neverReachedServer() - neverSent, neverSent));
    }
    if (c.unrecordedExchanges() != null && c.unrecordedExchanges() > 0) {
      // e.g. an agent attached to a running generator: the capture spans the attach and the detach
      s.append(String.format(Locale.ROOT, "; the capture also holds %,d exchanges before the first record or after"
          + " the last, which the generator did not record: only the records' side is held to the wire, and the"
          + " figures of every wire exchange include them", c.unrecordedExchanges()));
    }
    if (disorder != null) {
      s.append("; ").append(disorder);
    } else if (!c.sufficient() && c.matched() > 0) {
      s.append(String.format(Locale.ROOT, "; below the %.0f %% floor: nothing is judged", c.minMatchedPercent()));
    }
    return s.toString();
  }

  /**
   * What the emulated WAN link did to the frames and what the capture measured through it, in one sentence; null
   * for a run without {@code --wan}. A file before formatVersion 5 held the sentence: returned as written.
   */
  public static String wan(Findings f) {
    Findings.Wan w = f.wan();
    if (w == null) {
      return null;
    }
    if (w.statement() != null || w.verdict() == null) {
      return w.statement() == null ? "not stated" : w.statement();
    }
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "link %s: client to server %,d frames (%,d"
        + " delayed, %,d lost, %,d dropped at the queue), server to client %,d frames (%,d delayed, %,d lost, %,d"
        + " dropped at the queue)", w.profile(), w.upFrames(), w.upDelayed() == null ? 0 : w.upDelayed(), w.upLost(),
        w.upQueueDropped(), w.downFrames(), w.downDelayed() == null ? 0 : w.downDelayed(), w.downLost(),
        w.downQueueDropped()));
    if (w.verdict() == Findings.WanVerdict.NO_REPLY || w.minReplyMicros() == null) {
      s.append("; no exchange with a reply on the wire: nothing measured through the link");
    } else {
      s.append(String.format(Locale.ROOT, "; on the wire, %,d of %,d exchanges replied sooner than the link's RTT of"
          + " %.1f ms (shortest reply %.2f ms)", w.belowRtt(), w.exchanges(), w.rttMicros() / 1000,
          w.minReplyMicros() / 1000));
    }
    if (w.medianHandshakeMicros() != null) {
      s.append(String.format(Locale.ROOT, ", median handshake %.2f ms over %,d connections",
          w.medianHandshakeMicros() / 1000, w.handshakes()));
    }
    if (w.linkFailure() != null) {
      s.append("; the link failed: ").append(w.linkFailure());
    }
    return s.toString();
  }

  /** What the WAN link's figures rest on, in words; null for a run without {@code --wan}. */
  public static String wanEvidence(Findings f) {
    Findings.Wan w = f.wan();
    if (w == null) {
      return null;
    }
    if (w.statement() != null || w.verdict() == null) {
      return w.evidence() == null ? "not stated" : w.evidence();
    }
    return "frame counts: the link's forwarder (run.json wan, read after the load); reply times (request's first"
        + " byte to the reply's first byte) and handshakes (SYN to SYN-ACK): the capture on " + w.clientInterface()
        + " in namespace " + w.clientNamespace() + ", the client's side of the link (capture clock)";
  }

  /** The coverage of a merge of shards: the sums, then each shard's own, then the captures' drops. */
  private static String shardsCoverage(Findings.Coverage c) {
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%,d of %,d records in the %d shards' captures"
        + " matched (%.1f %%): ", c.matched(), c.inCapture(), c.shards().size(), c.recordsMatchedPercent()));
    java.util.List<String> parts = new java.util.ArrayList<>();
    long dropped = 0;
    boolean dropsKnown = true;
    for (Findings.ShardCoverage shard : c.shards()) {
      parts.add(String.format(Locale.ROOT, "shard %d %,d of %,d (%.1f %%)", shard.index(), shard.matched(),
          shard.inCapture(), shard.recordsMatchedPercent()));
      if (shard.kernelDroppedPackets() == null) {
        dropsKnown = false;
      } else {
        dropped += shard.kernelDroppedPackets();
      }
    }
    s.append(String.join(", ", parts));
    s.append(dropsKnown ? String.format(Locale.ROOT, "; the kernel dropped %,d packets over all captures", dropped)
        : "; some capture's drops are unknown (its capture.json has no counters)");
    if (c.neverReachedServer() > 0) {
      s.append(String.format(Locale.ROOT, "; %,d records never reached a server", c.neverReachedServer()));
    }
    if (c.state() == Findings.CoverageState.OUT_OF_ORDER) {
      s.append("; a shard's capture is out of order: no wire time is judged");
    } else if (!c.sufficient() && c.matched() > 0) {
      s.append(String.format(Locale.ROOT, "; below the %.0f %% floor: nothing is judged", c.minMatchedPercent()));
    }
    return s.toString();
  }

  /** Where the per-request error arises, in words; null when nothing is attributed (no matched pairs). */
  public static String errorSource(Findings f) {
    ErrorSource e = f.errorSource();
    if (e == null) {
      return null;
    }
    if (e.cause() == null) {
      return e.statement(); // formatVersion 2, or the layout alone (null)
    }
    StringBuilder s = new StringBuilder(switch (e.cause()) {
      case CLIENT_HOST -> String.format(Locale.ROOT, "the client host's, not the server's: the %+.1f us mean"
          + " per-request error is %.1f us of send lag (send stamp to the request's first packet on the wire) and"
          + " %.1f us of receive lag (the reply's last packet to the read); the server's time is the wire column"
          + " (mean %.1f us), not part of it", e.meanErrorMicros(), e.sendLagMeanMicros(), e.receiveLagMeanMicros(),
          e.wireMeanMicros());
    });
    if (e.hint() == Findings.LayoutHint.LOOP_WITHOUT_OWN_CORE) {
      s.append("; the engine's event loop had no core of its own (layout ").append(e.layoutName())
          .append("): an audit on a host with 2 cores free lays it out loop-alone (12-16 us in bench/FIDELITY.md)");
    } else if (e.hint() == Findings.LayoutHint.ABOVE_LOOP_ALONE) {
      s.append("; above the 12-16 us this layout gives on a quiet host: other work took the client's cores"
          + " (see the client host line)");
    }
    return s.toString();
  }

  /** What the error's source rests on, in words; null as {@link #errorSource}. */
  public static String errorSourceEvidence(Findings f) {
    ErrorSource e = f.errorSource();
    if (e == null) {
      return null;
    }
    if (e.cause() == null) {
      return e.statement() == null ? null : e.evidence();
    }
    return String.format(Locale.ROOT, "%,d matched pairs (%,d with both lags); wire instants mapped to the"
        + " generator's clock (%s)", e.pairs(), e.lagPairs(), f.coverage() == null ? "mapping unknown"
            : clockMapping(f));
  }

  /** Whether the generator kept to its own schedule, with the figures; null without a pace section. */
  public static String pace(Findings f) {
    Findings.Pace p = f.pace();
    if (p == null) {
      return null;
    }
    if (p.statement() != null) {
      return p.statement(); // formatVersion 2 as written
    }
    return new Summary.Pace(p.scheduled(), p.late(), p.notSent(), Math.round(p.lateThresholdMicros() * 1e3),
        p.behindFromSecond()).statement();
  }

  /**
   * The server host's verdict with its figures (server telemetry over the measured phase); null without a
   * server-host section. A file written before its {@code verdict} held the sentence: returned as written.
   */
  public static String serverHost(Findings f) {
    Findings.ServerHost s = f.serverHost();
    if (s == null) {
      return null;
    }
    if (s.verdict() == null) {
      return s.statement() == null ? "not stated" : s.statement();
    }
    return switch (s.verdict()) {
      case NOT_JUDGED_FEW_ROWS -> String.format(Locale.ROOT, "not judged: %s of %,d server-telemetry rows of %s %s"
          + " stamped in the measured phase (%s; at least 2 needed; clock: %s)", s.samples() == 0 ? "none"
              : "only " + s.samples(), s.samplesInFile(), s.file(), s.samples() == 1 ? "is" : "are", window(s),
          s.clock());
      case NOT_JUDGED_NO_HOST_CPU -> String.format(Locale.ROOT, "not judged: %,d of %,d server-telemetry rows of %s"
          + " are stamped in the measured phase (%s), none with the host's CPU (clock: %s)", s.samples(),
          s.samplesInFile(), s.file(), window(s), s.clock());
      case BOTTLENECK_SERVER_OR_HOST, BOTTLENECK_SERVER_CPU, BOTTLENECK_HOST_CPU, NOT_BOTTLENECK -> {
        String verdict = switch (s.verdict()) {
          case BOTTLENECK_SERVER_OR_HOST -> "the bottleneck (server or its host saturated)";
          case BOTTLENECK_SERVER_CPU -> "the bottleneck (server CPU saturated)";
          case BOTTLENECK_HOST_CPU -> "the bottleneck (host CPU saturated)";
          default -> "not the bottleneck";
        };
        String serverWords = s.serverCpuCoresMean() != null
            ? String.format(Locale.ROOT, "server CPU mean %.2f of %d cores it may run on, max %.2f; ",
                s.serverCpuCoresMean(), s.serverCpusAllowed() != null ? s.serverCpusAllowed() : s.hostCores(),
                s.serverCpuCoresMax())
            : "no server process sampled (host only); ";
        yield String.format(Locale.ROOT, "%s: %shost CPU mean %.1f %% of %d cores (max %.1f %%%s), run queue mean %s;"
            + " %.1f s at or above %.0f %% (%d rows, %.1f s)", verdict, serverWords, s.hostCpuBusyPercentMean(),
            s.hostCores(), s.hostCpuBusyPercentMax(), s.busiestCorePercentMean() == null ? ""
                : String.format(Locale.ROOT, ", busiest core %.1f %%", s.busiestCorePercentMean()),
            s.procsRunningMean() == null ? "unknown" : String.format(Locale.ROOT, "%.1f", s.procsRunningMean()),
            s.saturatedSeconds(), ClientHostThresholds.SATURATED_FRACTION * 100, s.samples(), sampled(s));
      }
    };
  }

  /** What the server host's verdict rests on, in words; null without a server-host section. */
  public static String serverHostEvidence(Findings f) {
    Findings.ServerHost s = f.serverHost();
    if (s == null) {
      return null;
    }
    if (s.verdict() == null) {
      return s.evidence() == null ? "not stated" : s.evidence();
    }
    return String.format(Locale.ROOT, "%,d of %,d rows of %s (%s) stamped in the measured phase (%s, the run's wall"
        + " clock; %.1f s sampled every %d ms); clock: %s; server CPU from /proc/PID/stat utime + stime, host CPU from"
        + " /proc/stat; thresholds: the bottleneck when the server uses >= %.0f %% of the cores it may run on%s for >="
        + " %.0f %% of the sampled seconds", s.samples(), s.samplesInFile(), s.file(), s.source(), window(s),
        sampled(s), s.samplePeriodMillis() == null ? 0 : s.samplePeriodMillis(), s.clock(),
        ClientHostThresholds.SATURATED_FRACTION * 100, s.sameHost() ? "" : ", or its host's CPU is that busy,",
        ClientHostThresholds.SATURATED_SHARE * 100);
  }

  private static String window(Findings.ServerHost s) {
    return java.time.Instant.ofEpochSecond(0, s.windowStartEpochNanos()) + ".."
        + java.time.Instant.ofEpochSecond(0, s.windowEndEpochNanos());
  }

  private static double sampled(Findings.ServerHost s) {
    return s.sampledSeconds() == null ? Double.NaN : s.sampledSeconds();
  }

  /** What the per-URL table rests on, in words; null without a urls section. */
  public static String urls(Findings f) {
    Findings.Urls u = f.urls();
    if (u == null) {
      return null;
    }
    if (u.records() == null) {
      return u.statement() == null ? "not stated" : u.statement(); // a file written before the figures
    }
    int groups = u.urlGroups() == null ? u.groups().size() : u.urlGroups();
    int listed = Math.min(groups, Findings.Urls.MAX_GROUPS);
    return String.format(Locale.ROOT, "%,d records of the measured phase in %,d URL groups (the path without query;"
        + " a RUBiS or TPC-W state is its servlet's path)%s; statistics over the %,d pairs matched complete on both"
        + " sides, reported on the generator's clock, wire on the capture's; percentiles by nearest rank",
        u.records(), groups, groups > listed ? String.format(Locale.ROOT, ", the %d with most records listed and %,d"
            + " others summed as %s", listed, groups - listed, Findings.Urls.OTHER) : "",
        u.pairs() == null ? 0 : u.pairs());
  }

  /**
   * Whether the client host was the bottleneck, with its figures and thresholds; null without a client-host
   * section. A file of formatVersion 2 or 3 held the sentence: returned as written.
   */
  public static String clientHost(Findings f) {
    Findings.ClientHost h = f.clientHost();
    if (h == null) {
      return null;
    }
    if (h.statement() != null || h.verdict() == null) {
      return h.statement() == null ? "not stated" : h.statement();
    }
    return switch (h.verdict()) {
      case NOT_JUDGED_NO_TELEMETRY -> "not judged: the run recorded no telemetry (no telemetry.csv rows): the"
          + " generator's CPU and run-queue wait are unknown";
      case NOT_JUDGED_FEW_SAMPLES -> {
        // say which: too short a phase for the period, or samples without CPU (singular or plural)
        int n = h.samples() == null ? 0 : h.samples();
        int all = h.telemetrySamples() == null ? 0 : h.telemetrySamples();
        yield String.format(Locale.ROOT, "not judged: %s telemetry %s with CPU %s in the measured phase (%.1f s, of"
            + " %d %s in all%s; at least 2 needed)", n == 0 ? "no" : "only " + n, n == 1 ? "sample" : "samples",
            n == 1 ? "falls" : "fall", number(h.measuredSeconds()), all, all == 1 ? "sample" : "samples",
            h.telemetryPeriodMillis() == null ? ""
                : String.format(Locale.ROOT, " every %.0f ms", h.telemetryPeriodMillis()));
      }
      case NOT_JUDGED_CORES_UNKNOWN -> "not judged: the cores available to the generator are unknown ("
          + cores(h.coresSource()) + ")";
      case NOT_JUDGED_ALL_BUSY_POLLED -> "not judged: " + h.cpuCoresAvailable() + " cores, all of them busy-polled"
          + " by the engine's event loops: no CPU figure tells saturation apart from the spinning";
      case NOT_JUDGED_WIRE_ONLY -> "not judged: a wire-only analysis has no generator records or telemetry";
      case NOT_JUDGED_SHARDS -> "not judged over the shards: each shard's JVM ran on its own host or share of it;"
          + " see each shard's own findings.json (telemetry-shard-I.csv)";
      default -> judgedClientHost(h);
    };
  }

  private static String judgedClientHost(Findings.ClientHost h) {
    String verdict = switch (h.verdict()) {
      case BOTTLENECK_CPU -> "the bottleneck (CPU saturated)";
      case BOTTLENECK_RUN_QUEUE -> "the bottleneck (threads queued for a core, and the send lag shows it)";
      case BOTTLENECK_CPU_AND_RUN_QUEUE -> "the bottleneck (CPU saturated, and threads queued for a core with the"
          + " send lag showing it)";
      case NOT_BOTTLENECK_SEND_LAG_LOW -> "not the bottleneck (its threads queued for a core, but the send lag"
          + " stayed low)";
      case NOT_BOTTLENECK_LOOP_ON_TIME -> "not the bottleneck (the cores left to its other threads were saturated,"
          + " but its busy-polling loop, on a core of its own, sent on time)";
      default -> "not the bottleneck";
    };
    String queueWords = h.runQueueWaitMicrosPerSecondMean() == null
        ? "run-queue wait not measured (telemetry without it)"
        : String.format(Locale.ROOT, "run-queue wait mean %.1f ms/s, at most %.1f ms/s",
            h.runQueueWaitMicrosPerSecondMean() / 1e3, number(h.runQueueWaitMicrosPerSecondMax()) / 1e3);
    return String.format(Locale.ROOT,
        "%s: generator CPU mean %.2f of %d cores, max %.2f, %.1f s at or above %.0f %% of them; %s; send lag p99 %s"
            + "%s (telemetry %s period, %.1f s measured)",
        verdict, number(h.generatorCpuCoresMean()), h.cpuCoresAvailable(), number(h.generatorCpuCoresMax()),
        number(h.saturatedSeconds()), thresholds(h).saturatedFraction() * 100, queueWords,
        h.sendLagP99Micros() == null ? "unknown (no matched pairs)"
            : String.format(Locale.ROOT, "%.3f ms", h.sendLagP99Micros() / 1e3),
        h.startLagP99Micros() == null ? "" : String.format(Locale.ROOT, " (wire - send start), start lag p99 %.3f ms"
            + " (send start - intended start)", h.startLagP99Micros() / 1e3),
        h.telemetryPeriodMillis() == null ? "unknown"
            : String.format(Locale.ROOT, "%.0f ms", h.telemetryPeriodMillis()), number(h.measuredSeconds()));
  }

  /**
   * What the client host's verdict rests on, in words; null without a client-host section. A file of
   * formatVersion 2 or 3 held it: returned as written.
   */
  public static String clientHostEvidence(Findings f) {
    Findings.ClientHost h = f.clientHost();
    if (h == null) {
      return null;
    }
    if (h.statement() != null || h.verdict() == null) {
      return h.evidence() == null ? "not stated" : h.evidence();
    }
    if (h.verdict() == Findings.ClientHostVerdict.NOT_JUDGED_WIRE_ONLY
        || h.verdict() == Findings.ClientHostVerdict.NOT_JUDGED_SHARDS) {
      return "none";
    }
    if (!h.judged()) {
      return "generator telemetry (telemetry.csv) over the measured phase";
    }
    ClientHostThresholds t = thresholds(h);
    int busy = h.busyPollingCores() == null ? 0 : h.busyPollingCores();
    String coresFrom = cores(h.coresSource()) + (busy == 0 ? "" : String.format(Locale.ROOT, ", less %d busy-polled"
        + " by the engine's event loop(s) (run.json engine layout; their CPU is left out of every CPU figure)", busy));
    return String.format(Locale.ROOT,
        "%d telemetry samples (%.1f s) of the generator JVM in the measured phase, on its monotonic clock; cores: %s;"
            + " CPU from /proc/self/stat (user + system), run-queue wait from /proc/self/task/*/schedstat summed over"
            + " its threads; thresholds: the bottleneck when CPU >= %.0f %% of the cores for >= %.0f %% of the"
            + " measured seconds, or a mean run-queue wait >= %.0f ms/s with a send lag p99 >= %.0f ms",
        h.samples() == null ? 0 : h.samples(), number(h.sampledSeconds()), coresFrom, t.saturatedFraction() * 100,
        t.saturatedShare() * 100, t.runQueueWaitMicrosPerSecond() / 1e3, t.sendLagP99Micros() / 1e3)
        + (h.sendLagPairs() == null ? "" : String.format(Locale.ROOT, "; send lag over %,d matched pairs (wire clock"
            + " mapped to the generator's), start lag over %,d measured-phase records with an intended start"
            + " (generator clock)", h.sendLagPairs(), h.startLagRecords() == null ? 0 : h.startLagRecords()));
  }

  /** The verdict's thresholds; this crosscheck's when a file does not state them. */
  private static ClientHostThresholds thresholds(Findings.ClientHost h) {
    return h.thresholds() != null ? h.thresholds() : ClientHostThresholds.CURRENT;
  }

  /** Where the cores came from, in words. */
  private static String cores(Findings.CoresSource source) {
    if (source == null) {
      return "unknown";
    }
    return switch (source) {
      case TELEMETRY -> "the generator JVM's available processors (telemetry)";
      case RUN_JSON_JVM -> "the generator JVM's available processors (run.json jvm)";
      case RUN_JSON_HOST -> "the host's cores (run.json host: the generator's own count was not recorded)";
      case UNKNOWN -> "unknown";
    };
  }

  private static double number(Double value) {
    return value == null ? Double.NaN : value;
  }

  /**
   * What the reported intervals rest on and their overall result, in words; null without the section. A file
   * written before formatVersion 4 held the sentence: returned as written.
   */
  public static String reportedIntervals(Findings f) {
    Findings.ReportedIntervals r = f.reportedIntervals();
    if (r == null) {
      return null;
    }
    if (r.statement() != null) {
      return r.statement();
    }
    String mapping = r.clockMapping() != null ? r.clockMapping() : clockMapping(f);
    String evidence = String.format(Locale.ROOT,
        "%,d of %,d reported intervals matched the wire in full (%,d of %,d of their exchanges matched)",
        r.intervalsMatched(), r.intervals(), r.exchangesMatched(), r.exchanges());
    String joined = mapping == null ? "an unknown clock mapping" : mapping;
    double floor = r.minMatchedPercent() == null ? Double.NaN : r.minMatchedPercent();
    return switch (r.stateOrDerived()) {
      case NO_REPORTING_METHOD -> "no reporting method was named (--reported-by or --reported-value): only the"
          + " agent's own timing of each exchange is available, no figure of the generator's";
      case NO_INTERVAL -> r.reporting() + " was never called with an exchange behind it: no reported interval to"
          + " judge";
      case NOT_JUDGED_RECORDS_BELOW_FLOOR -> String.format(Locale.ROOT, "not judged: the run's records are below"
          + " the %.0f %% matching floor (see coverage); ", floor) + evidence + "; exchanges joined to the wire"
          + " through " + joined;
      case NOT_JUDGED_INTERVALS_BELOW_FLOOR -> String.format(Locale.ROOT, "not judged: %.1f %% of the reported"
          + " intervals matched in full, below the %.0f %% floor; ", r.intervalsMatchedPercent(), floor) + evidence
          + "; exchanges joined to the wire through " + joined;
      case JUDGED -> {
        Findings.IntervalGroup g = r.overall();
        String means = g == null || g.count() == 0 ? "" : String.format(Locale.ROOT, "; reported %.1f ms vs wire"
            + " page %.1f ms, page+rest %.1f ms (span; %.1f ms summed, %.1f ms between exchanges)",
            g.meanReportedMicros() / 1e3, g.meanWirePageMicros() / 1e3, g.meanWireSpanMicros() / 1e3,
            g.meanWireSumMicros() / 1e3, g.meanGapMicros() / 1e3);
        yield evidence + means + "; wire figures on the capture's clock, exchanges joined to it through " + joined;
      }
    };
  }

  /**
   * How the generator's monotonic instants were put on the capture's clock, in words, from the coverage's kind of
   * mapping and the calibrations of {@code findings.clock}; null without coverage. A file written before
   * formatVersion 4 held the words: returned as written.
   */
  public static String clockMapping(Findings f) {
    Findings.Coverage c = f.coverage();
    if (c == null) {
      return null;
    }
    if (c.clockMapping() != null || c.clockMappingKind() == null) {
      return c.clockMapping() == null ? "not stated" : c.clockMapping();
    }
    Findings.Clock clock = f.clock();
    int calibrations = clock == null ? 0 : clock.calibrations();
    double uncertainty = clock == null ? Double.NaN : clock.maxUncertaintyMicros();
    return switch (c.clockMappingKind()) {
      case NONE_WIRE_ONLY -> "none (wire only)";
      case CALIBRATIONS -> String.format(Locale.ROOT, "monotonic -> capture clock through %d calibrations,"
          + " uncertainty <= %.1f us", calibrations, uncertainty);
      case SHARD_CALIBRATIONS -> String.format(Locale.ROOT, "each shard's monotonic clock -> its own capture's clock"
          + " (%d calibrations in all, uncertainty <= %.1f us)", calibrations, uncertainty);
    };
  }

  /**
   * How the capture's clock was read (findings.json {@code captureClock}), in one line; null without the section.
   * A file written before formatVersion 4 held the line: returned as written.
   */
  public static String captureClock(CaptureClock c) {
    if (c == null) {
      return null;
    }
    if (c.statement() != null || c.choice() == null) {
      return c.statement() == null ? "not stated" : c.statement();
    }
    if (c.foreign()) {
      return String.format(Locale.ROOT, "capture clock aligned to the generator's: offset %+.1f us +/- %.1f us from"
          + " %,d exchanges (bounds from requests and replies: [%+.1f, %+.1f] us%s)", number(c.offsetMicros()),
          number(c.uncertaintyMicros()), c.exchanges(), number(c.loMicros()), number(c.hiMicros()),
          c.driftMicros() == null ? "" : ", at the first send; drifting");
    }
    String why = chosenBy(c);
    return c.loMicros() != null && c.hiMicros() != null ? String.format(Locale.ROOT, "capture clock read as the"
        + " generator's own (%s): bounds [%+.1f, %+.1f] us from %,d exchanges; the run's calibrations map the clocks",
        why, c.loMicros(), c.hiMicros(), c.exchanges()) : "capture clock read as the generator's own (" + why + ")";
  }

  /** Why the capture's clock was read as it was, in words. */
  private static String chosenBy(CaptureClock c) {
    return switch (c.choice()) {
      case OPTION -> c.chosenBy() == null ? "--capture-clock" : c.chosenBy();
      case AUTO_OFFSET_ZERO_FITS -> "auto: offset 0 is within the bounds of the exchanges (the capture's clock is the"
          + " generator's)";
      case AUTO_NO_PAIRING -> String.format(Locale.ROOT, "auto: none of the %,d records pairs with an exchange of the"
          + " capture at any clock offset (no client ip:port of a recorded connection, nor a URL, is in it); read as"
          + " the generator's own", c.recordsSent() == null ? 0 : c.recordsSent());
      case AUTO_NO_LATER_REQUEST, AUTO_NO_REPLY_READ -> String.format(Locale.ROOT, "auto: %,d exchanges matched, none"
          + " with %s: no alignment; read as the generator's own", c.exchangesMatched() == null ? 0
              : c.exchangesMatched(), c.choice() == CaptureClock.Choice.AUTO_NO_LATER_REQUEST
              ? "a request captured after a recorded send" : "a reply read by the generator");
      case AUTO_BOUNDS_CROSS -> String.format(Locale.ROOT, "auto: no offset fits the exchanges (the bounds cross by"
          + " %.1f us): read as the generator's own; --capture-clock foreign names the evidence",
          number(c.boundsCrossMicros()));
    };
  }

  /**
   * The drift check of an aligned ({@code foreign}) capture clock, in words; null for a local one. A file written
   * before formatVersion 4 held the words: returned as written.
   */
  public static String captureClockDrift(CaptureClock c) {
    if (c == null || !c.foreign()) {
      return null;
    }
    if (c.driftStatement() != null || c.choice() == null) {
      return c.driftStatement() == null ? "not stated" : c.driftStatement();
    }
    if (c.driftMicros() == null) {
      return String.format(Locale.ROOT, "one offset fits every exchange over %.1f s: no drift beyond the uncertainty",
          number(c.spanSeconds()));
    }
    return String.format(Locale.ROOT, "one offset does not fit (its bounds cross by %.1f us over %.1f s): the"
        + " capture's clock drifts %+.2f ppm against the generator's (%+.1f us over the run); aligned by a linear"
        + " offset, %+.1f us at the first send to %+.1f us at the last", number(c.boundsCrossMicros()),
        number(c.spanSeconds()), number(c.driftPpm()), c.driftMicros(), number(c.offsetMicros()),
        number(c.offsetAtLastSendMicros()));
  }

  /**
   * The rule by which figures of an aligned capture are not judged, with its two bounds; null when the figures
   * were not judged against it. A file written before formatVersion 4 held the words: returned as written.
   */
  public static String captureClockRule(CaptureClock c) {
    if (c == null || c.notJudged() == null || c.notJudged().isEmpty()) {
      return null;
    }
    if (c.rule() != null || c.choice() == null) {
      return c.rule() == null ? "not stated" : c.rule();
    }
    return String.format(Locale.ROOT, "against a capture taken elsewhere, a lag figure (it crosses the two"
        + " clocks) is not judged when its magnitude is at most the alignment's uncertainty (%.1f us: not even its"
        + " sign is known); an error figure (durations on each clock: the offset does not enter it, the path"
        + " between the generator and the capture point does, both ways) is not judged when its magnitude is at"
        + " most the path bound (%.1f us, the bounds' full width); per-URL and per-interval errors read against the"
        + " same bound", number(c.uncertaintyMicros()), number(c.pathBoundMicros()));
  }

  /** Why the server side is unknown without server telemetry. */
  static final String NO_SERVER_TELEMETRY = "no server telemetry (audit --server-pid or --server-netns on this"
      + " machine; crosscheck monitor on the server's host, then compare RUN --server-telemetry FILE)";

  /**
   * Which host was the bottleneck, the client's or the server's, with both sides' figures; null without a
   * client-host section or a judgement of it.
   */
  public static String bottleneck(Findings f) {
    Findings.ClientHost client = f.clientHost();
    if (client == null) {
      return null;
    }
    if (client.hosts() != null || client.bottleneckHost() == null) {
      return client.hosts(); // formatVersion 2 as written, or not judged (null)
    }
    Findings.ServerHost server = f.serverHost();
    String serverUnknown = server == null ? NO_SERVER_TELEMETRY : serverHost(f);
    String clientWords = client.judged() && client.bottleneck() != null ? String.format(Locale.ROOT,
        "generator CPU mean %.2f of %d cores", client.generatorCpuCoresMean(), client.cpuCoresAvailable())
        : "client host not judged";
    String serverWords = server == null || !server.judged() ? "" : server.serverCpuCoresMean() != null
        ? String.format(Locale.ROOT, "server CPU mean %.2f of %d cores, its host %.1f %%", server.serverCpuCoresMean(),
            server.serverCpusAllowed() != null ? server.serverCpusAllowed() : server.hostCores(),
            server.hostCpuBusyPercentMean())
        : String.format(Locale.ROOT, "server host CPU %.1f %%", server.hostCpuBusyPercentMean());
    return switch (client.bottleneckHost()) {
      case BOTH, CLIENT, SERVER, NEITHER -> {
        String verdict = switch (client.bottleneckHost()) {
          case BOTH -> "both hosts were saturated";
          case CLIENT -> "the client host was the bottleneck, not the server's";
          case SERVER -> "the server host was the bottleneck, not the client's";
          default -> "neither host was the bottleneck";
        };
        // on one machine its CPU is both sides': a saturated host is stated, not given to either
        double saturatedPercent = ClientHostThresholds.SATURATED_FRACTION * 100;
        String shared = server.sameHost() && server.hostCpuBusyPercentMean() >= saturatedPercent
            ? String.format(Locale.ROOT, "; both ran on one host, whose CPU was %.1f %% busy: the generator and the"
                + " server took turns on its cores", server.hostCpuBusyPercentMean()) : "";
        yield verdict + ": " + clientWords + " vs " + serverWords + " over the measured phase" + shared;
      }
      case SERVER_UNKNOWN -> "the client host was " + (client.bottleneck() ? "" : "not ") + "the bottleneck ("
          + clientWords + "); the server side is unknown: " + serverUnknown;
      case CLIENT_UNKNOWN -> "the server host was " + (server.bottleneck() ? "" : "not ") + "the bottleneck ("
          + serverWords + "); the client side is unknown: " + clientHost(f);
      case UNKNOWN -> "neither host judged: the client's " + clientHost(f) + "; the server side is unknown: "
          + serverUnknown;
    };
  }
}
