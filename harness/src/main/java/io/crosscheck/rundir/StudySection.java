package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.Map;

/**
 * A study's section of {@value MatrixJson#FILE} ({@code study}): its table and conclusion computed
 * from the cells, rewritten with them. {@code kind} names the study and what follows: {@link
 * FlashCrowd} or {@link Wan}. Every figure is null where its cell has no evidence; times in
 * microseconds over each cell's matched pairs (measured phase, capture clock). Immutable.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = StudySection.FlashCrowd.class, name = StudySection.FLASH_CROWD),
  @JsonSubTypes.Type(value = StudySection.Wan.class, name = StudySection.WAN)
})
public sealed interface StudySection {
  String FLASH_CROWD = "flash-crowd";
  String WAN = "wan";

  /** What the figures rest on, in words. */
  String evidence();

  /** The conclusion computed from the figures, in words. */
  String conclusion();

  /**
   * {@code crosscheck study flash-crowd}: a row per cell, the bursty/non-bursty ratios per server and
   * policy, and per cell its seconds {@code [epochSeconds, openConnections, workers]} ({@code
   * seriesColumns}; -1 where a file had no value for that second).
   */
  record FlashCrowd(String evidence, List<FlashCrowdRow> rows, List<FlashCrowdRatio> ratios, String conclusion,
      List<String> seriesColumns, Map<String, List<long[]>> series) implements StudySection {}

  /** One flash-crowd cell: its dimensions, status, wire figures and the peaks of its series. */
  record FlashCrowdRow(String server, String policy, String schedule, String cell, String status, Long pairs,
      Double wireMedianMicros, Double wireMeanMicros, Double wireP95Micros, Long peakOpenConnections,
      Long peakWorkers) {}

  /** A server and policy with both schedules' cells completed and matched: their wire means' ratio. */
  record FlashCrowdRatio(String server, String policy, double burstyOverNonBurstyMean, double nonBurstyMeanMicros,
      double burstyMeanMicros, long nonBurstyPairs, long burstyPairs) {}

  /** {@code crosscheck study wan}: a row per level (cell). */
  record Wan(String evidence, List<WanRow> rows, String conclusion) implements StudySection {}

  /**
   * One WAN level: matched pairs per measured second, the wire times over them (null without
   * evidence), and each client class's handshake RTT from the cell's {@value WanJson#FILE}.
   */
  record WanRow(String cell, String level, String status, Long pairs, Double transactionsPerSecond,
      Double medianMicros, Double meanMicros, Double p95Micros, List<WanJson.MeasuredRtt> classes) {}
}
