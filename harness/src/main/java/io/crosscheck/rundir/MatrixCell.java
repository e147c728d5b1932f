package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell of a {@code crosscheck matrix}: a JVM, an option set and a user level, as matrix.json
 * holds it ({@link MatrixJson}). Every figure is copied from the cell's findings.json (and
 * run.json, child.out for the generator's limits) and is null when the cell has no evidence for it; durations in microseconds, CPU in cores, heap in bytes. Immutable.
 *
 * @param id e.g. {@code jdk17-xint-u20}: also the name of the cell's run directory
 * @param jvmLabel {@code java.version (vendor)}
 * @param jvmHome the Java home
 * @param optsLabel {@code default} or the options as typed
 * @param jvmOpts the options the child JVM got (engine options of the set, e.g. {@code
 *     --virtual-threads}, included as typed)
 * @param users the closed model's users
 * @param status completed, failed, pending, below-floor, interrupted
 * @param runDir the run directory relative to the matrix directory, null while pending
 * @param sharingKind the cell's connection verdict ({@code connections.verdictKind} of its findings; the
 *     report words it); files written before it held {@code sharingVerdict}, the sentence, which is
 *     no longer read
 * @param reason why the cell failed or the search stopped at it; null otherwise
 * @param dimensions a study's cell: its coordinates (e.g. server, policy, schedule); null in a JVM matrix
 * @param wirePairs the matched pairs the wire figures rest on (measured phase, capture clock)
 * @param wireMedianMicros the wire response time's median over those pairs (HdrHistogram, 3 digits)
 * @param wireP95Micros its 95th percentile
 */
public record MatrixCell(String id, String jvmLabel, String jvmHome, String optsLabel, List<String> jvmOpts, int users,
    String status, String runDir, Double matchedPercent, Double absoluteErrorMicros, Double ratio,
    Double reportedMeanMicros, Double wireMeanMicros, Double generatorCpuCoresMean, Double generatorCpuCoresMax,
    Long heapUsedMaxBytes, Long threadsMax, Long gcPauses, Long connectionsWithRequests, Long sessions,
    Findings.VerdictKind sharingKind, Boolean sharing, Boolean clientHostBottleneck, Boolean generatorCpuSaturated,
    Integer searchStep, String reason,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> dimensions, Long wirePairs,
    Double wireMedianMicros, Double wireP95Micros) {

  public static final String COMPLETED = "completed";
  public static final String FAILED = "failed";
  public static final String PENDING = "pending";
  public static final String BELOW_FLOOR = "below-floor";
  public static final String INTERRUPTED = "interrupted";

  /** A cell not run yet. */
  public static MatrixCell pending(String id, String jvmLabel, String jvmHome, String optsLabel, List<String> jvmOpts,
      int users, Integer searchStep) {
    return pending(id, jvmLabel, jvmHome, optsLabel, jvmOpts, users, searchStep, null);
  }

  /** A study's cell not run yet, at {@code dimensions}. */
  public static MatrixCell pending(String id, String jvmLabel, String jvmHome, String optsLabel, List<String> jvmOpts,
      int users, Integer searchStep, Map<String, String> dimensions) {
    return new MatrixCell(id, jvmLabel, jvmHome, optsLabel, List.copyOf(jvmOpts), users, PENDING, null, null, null,
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, searchStep, null,
        dimensions == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(dimensions)),
        null, null, null);
  }

  public MatrixCell withReason(String why) {
    return new MatrixCell(id, jvmLabel, jvmHome, optsLabel, jvmOpts, users, status, runDir, matchedPercent,
        absoluteErrorMicros, ratio, reportedMeanMicros, wireMeanMicros, generatorCpuCoresMean, generatorCpuCoresMax,
        heapUsedMaxBytes, threadsMax, gcPauses, connectionsWithRequests, sessions, sharingKind, sharing,
        clientHostBottleneck, generatorCpuSaturated, searchStep, why, dimensions, wirePairs, wireMedianMicros,
        wireP95Micros);
  }
}
