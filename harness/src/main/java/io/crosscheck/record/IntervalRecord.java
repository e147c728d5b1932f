package io.crosscheck.record;

/**
 * One figure the audited generator reported, as the crosscheck agent saw it (DESIGN.md §2,
 * "reported interval"): one call of the reporting method, grouping the exchanges the thread made
 * for it. A row of {@code intervals.csv} ({@link IntervalCsv}). Instants are monotonic nanoseconds
 * ({@code System.nanoTime()} of the generator's JVM); -1 when not known. Immutable.
 *
 * @param intervalId the id the interval's exchanges carry in requests.csv's {@code intervalId}
 * @param threadId the Java thread id of the thread that reported it (requests.csv's {@code sessionId})
 * @param thread that thread's name
 * @param source the reporting method, {@code CLASS#METHOD}
 * @param startNanos reportedBy: the method's entry; reportedValue: the intended start of the
 *     interval's first exchange (-1 if none)
 * @param endNanos reportedBy: the method's exit; reportedValue: the report call
 * @param reportedNanos the reported figure in nanoseconds: reportedBy {@code end - start};
 *     reportedValue the generator's own number converted from its unit
 * @param reportedValue reportedValue: the raw number the generator passed (empty for reportedBy)
 * @param reportedUnit its unit ({@code ns}, {@code us}, {@code ms}, {@code s}; empty for reportedBy)
 * @param exchanges how many requests.csv rows carry this interval's id
 */
public record IntervalRecord(long intervalId, long threadId, String thread, String source, long startNanos,
    long endNanos, long reportedNanos, String reportedValue, String reportedUnit, int exchanges) {}
