package io.crosscheck.agent.bootstrap;

/**
 * One reported interval, complete: a row of intervals.csv (see {@link RecordWriter}).
 *
 * @param startNanos reportedBy: method entry; reportedValue: intended start of its first exchange
 * @param endNanos reportedBy: method exit; reportedValue: the report call
 * @param reportedNanos what the generator reported (reportedValue), or end − start (reportedBy)
 * @param reportedValue the raw reported number (reportedValue), empty for reportedBy
 */
record IntervalRow(long intervalId, long threadId, String threadName, String source, long startNanos,
    long endNanos, long reportedNanos, String reportedValue, String reportedUnit, int exchanges) {}
