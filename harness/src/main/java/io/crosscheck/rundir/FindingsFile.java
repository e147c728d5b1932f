package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.crosscheck.capture.CaptureStats;
import io.crosscheck.wire.WireStats;

/**
 * {@code findings.json}: the comparison of one run with one capture. Written by {@link
 * RunFiles#writeFindings} (atomically), read by {@link RunFiles#readFindings}. Immutable.
 *
 * <p>Format versions: 1 (no {@code run}, no {@code findings.coverage}, {@code pressure} a free
 * map, NaN written as the string "NaN"), 2 (verdicts as sentences), 3 (the verdicts of connections, the
 * hosts, the coverage and the error's source as enums with their figures; the client host, the reported
 * intervals and the clock mapping still as sentences) and 4 (this record: every verdict as data, the
 * sentences left to {@code report.FindingsSentences}). Version 2 and 3 files are read with their sentences,
 * which the renderer prints as written; version 1 files as far as their fields go: coverage is then null.
 *
 * @param formatVersion {@link RunFiles#FINDINGS_FORMAT_VERSION} when written by this code
 * @param run the run the findings are about: its directory, status and how its records read
 * @param capture what the capture file held
 * @param liveCapture the live capture's own counters (capture.json), null for a capture made elsewhere
 * @param wire what reconstruction counted (malformed, retransmitted, truncated, ...)
 * @param findings the findings
 * @param support whether the findings support a verdict on the run, and if not why (the exit code
 *     0 or 3 of compare and audit); absent in files written before it
 * @param captureClock how the capture's clock was read: the generator's own, or aligned to it from
 *     the exchanges (a capture taken elsewhere, {@code compare --pcap}); absent for a run's own capture
 * @param shards for a merge of audited shards ({@code crosscheck merge}): what the merged findings rest
 *     on and each shard's own coverage; absent otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FindingsFile(int formatVersion, RunEvidence run, CaptureStats capture, CaptureJson liveCapture,
    WireStats wire, Findings findings, Support support, CaptureClock captureClock, MergedShards shards) {

  /** One run's file with its capture's clock (null for the run's own capture). */
  public FindingsFile(int formatVersion, RunEvidence run, CaptureStats capture, CaptureJson liveCapture,
      WireStats wire, Findings findings, Support support, CaptureClock captureClock) {
    this(formatVersion, run, capture, liveCapture, wire, findings, support, captureClock, null);
  }

  /** A file of one run without a capture-clock section (the run's own capture, and files written before it). */
  public FindingsFile(int formatVersion, RunEvidence run, CaptureStats capture, CaptureJson liveCapture,
      WireStats wire, Findings findings, Support support) {
    this(formatVersion, run, capture, liveCapture, wire, findings, support, null, null);
  }

  /** A file without a support section (as written before it existed). */
  public FindingsFile(int formatVersion, RunEvidence run, CaptureStats capture, CaptureJson liveCapture,
      WireStats wire, Findings findings) {
    this(formatVersion, run, capture, liveCapture, wire, findings, null);
  }

  /**
   * The run as the comparison found it.
   *
   * @param status run.json's status, or {@code unfinished} when it says {@code running} but its
   *     process is gone (killed or crashed), or {@code wire-only}
   * @param statusNote why the status is what it is, in words (empty when nothing to say)
   * @param recordsRead records read from requests.csv
   * @param tornLastLine requests.csv's last line when the writer died mid-line (skipped), else null
   * @param capturePath the capture compared
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record RunEvidence(String status, String statusNote, long recordsRead, TornLine tornLastLine,
      String capturePath) {}

  /** A requests.csv line cut short by a killed writer: its 1-based line number, its bytes and how it was cut. */
  public record TornLine(long line, long bytes, String reason) {}
}
