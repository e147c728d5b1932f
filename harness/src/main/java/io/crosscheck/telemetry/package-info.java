/**
 * Telemetry: the generator JVM's pressure over time (threads, heap, GC and its pauses, allocation
 * rate, process and host CPU), the third input of the comparison next to request records and the
 * capture. {@link io.crosscheck.telemetry.TelemetryRecorder} runs in the JVM whose engine is
 * audited and writes {@code telemetry.csv} ({@link io.crosscheck.telemetry.TelemetryCsv}); its
 * {@code sampleNanos} share the monotonic clock of that JVM's request records, so no mapping is
 * needed to align them. Depends on nothing else in crosscheck.
 */
package io.crosscheck.telemetry;
