package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The {@code shards} section of a merged run's findings.json: what the merged findings were computed
 * from, and each audited shard's own coverage, so that a merged figure is never read without knowing
 * which shard it rests on and how well. Written by {@code crosscheck merge} when every shard was
 * audited (has capture.pcap); absent in every other findings.json. Immutable.
 *
 * @param statement what was merged from what, in words (the figures' evidence)
 * @param histogramsFile the run-directory file holding the shards' wire and reported histograms and
 *     their exact merge (HdrHistogram log; tags {@code wire}, {@code reported}, {@code wire.shard-I},
 *     {@code reported.shard-I})
 * @param shards one entry per merged shard, by index
 */
public record MergedShards(String statement, String histogramsFile, List<ShardCoverage> shards) {
  public MergedShards {
    shards = List.copyOf(shards);
  }

  /**
   * One audited shard as the merge found it: its records set against its own capture, with its own
   * clock mapping (recomputed from its requests.csv, clock.csv and capture.pcap).
   *
   * @param index the shard's index
   * @param directory its run directory as given to merge
   * @param runStatus its run.json status
   * @param records its records
   * @param inCapture its sent records within its capture's window (the coverage's denominator)
   * @param matched of which joined to an exchange of its capture
   * @param recordsMatchedPercent {@code matched / inCapture}, percent (NaN when inCapture is 0)
   * @param unmatchedRecords its unmatched records by reason
   * @param wireExchanges exchanges rebuilt from its capture
   * @param exchangesMatchedPercent matched of them, percent
   * @param unmatchedExchanges its unmatched exchanges by reason
   * @param sufficient its coverage alone reaches the matching floor
   * @param pairs its matched pairs complete on both sides in the measured phase (the figures' evidence)
   * @param packetsCaptured packets its live capture wrote (capture.json); null when not recorded
   * @param kernelDropped packets the kernel dropped during its capture (capture.json); null when not
   *     recorded (the capture did not stop cleanly)
   * @param interfaceDropped packets its interface dropped; null likewise
   * @param connectionsOpened connections of its generator opened in its capture
   * @param clockUncertaintyMicros its clock mapping's largest uncertainty
   * @param sameAsItsOwnFindings true when the recomputed matched count equals the one in the shard's
   *     own findings.json; null when the shard has none
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ShardCoverage(int index, String directory, String runStatus, long records, long inCapture,
      long matched, double recordsMatchedPercent, Map<String, Long> unmatchedRecords, long wireExchanges,
      double exchangesMatchedPercent, Map<String, Long> unmatchedExchanges, boolean sufficient, long pairs,
      Long packetsCaptured, Long kernelDropped, Long interfaceDropped, long connectionsOpened,
      double clockUncertaintyMicros, Boolean sameAsItsOwnFindings) {}
}
